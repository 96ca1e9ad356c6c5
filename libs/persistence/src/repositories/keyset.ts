import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import {
  type CursorKey, type Page, type PageRequest, type StreamedPage, decodeCursor, encodeCursor,
} from '@crucible/application';

/**
 * Keyset paging (ARCHITECTURE §10) for every list: the cursor holds the sort keys of a page's last row, and the
 * next page is `(k1, k2, …) > (cursor keys)` in the same order. The key columns together are unique within the
 * list, so the order is total and stable however rows are added. Keys travel as PostgreSQL's own text, so a
 * timestamp keeps its microseconds.
 */
export interface KeyColumn {
  /** A column of the query's main alias. */
  column: string;
  type: CursorKey;
}

export { decodeCursor, encodeCursor };

/** Rows are fetched with `limit + 1`: the extra row only says whether another page follows. */
export function toPage<R, T>(rows: R[], page: PageRequest, keysOf: (row: R) => Array<string | number>, map: (row: R) => T): Page<T> {
  const more = page.limit !== null && rows.length > page.limit;
  const kept = more ? rows.slice(0, page.limit!) : rows;
  return { items: kept.map(map), nextCursor: more ? encodeCursor(keysOf(kept[kept.length - 1]!)) : null };
}

export const sqlLimit = (page: PageRequest): string => (page.limit === null ? '' : `LIMIT ${page.limit + 1}`);

const columnsOf = (query: SelectQueryBuilder<ObjectLiteral>, keys: readonly KeyColumn[]) =>
  keys.map((key) => `${query.alias}.${key.column}`).join(', ');

/** `(keys) <op> (values)`, the values cast to their columns' types. */
function compareKeys<Q extends SelectQueryBuilder<ObjectLiteral>>(query: Q, keys: readonly KeyColumn[], op: '>' | '<=', values: string[], name: string): Q {
  const parameters = Object.fromEntries(values.map((value, i) => [`${name}${i}`, value]));
  const casts = keys.map((key, i) => `CAST(:${name}${i} AS ${key.type})`).join(', ');
  return query.andWhere(`(${columnsOf(query, keys)}) ${op} (${casts})`, parameters) as Q;
}

/** Starts after the cursor, orders by the keys, reads each row's keys as text and asks for `limit + 1` rows. */
function applyKeyset<Q extends SelectQueryBuilder<ObjectLiteral>>(query: Q, keys: readonly KeyColumn[], page: PageRequest): Q {
  if (page.cursor !== null) compareKeys(query, keys, '>', decodeCursor(page.cursor, keys.map((key) => key.type)), 'keysetAfter');
  keys.forEach((key, i) => {
    query.addOrderBy(`${query.alias}.${key.column}`, 'ASC').addSelect(`${query.alias}.${key.column}::text`, `keyset_${i}`);
  });
  if (page.limit !== null) query.limit(page.limit + 1);
  return query;
}

const keysOfRaw = (keys: readonly KeyColumn[]) => (raw: Record<string, unknown>): string[] =>
  keys.map((_, i) => String(raw[`keyset_${i}`]));

/** One page of an entity query (no joins: one raw row per entity). */
export async function keysetPage<E extends ObjectLiteral>(query: SelectQueryBuilder<E>, keys: readonly KeyColumn[], page: PageRequest): Promise<Page<E>> {
  const { entities, raw } = await applyKeyset(query, keys, page).getRawAndEntities<Record<string, unknown>>();
  const keysOf = keysOfRaw(keys);
  return toPage(entities.map((entity, i) => ({ entity, raw: raw[i]! })), page, (row) => keysOf(row.raw), (row) => row.entity);
}

/** One page of a query of raw rows (computed columns); the rows also carry `keyset_<i>`. */
export async function keysetRawPage<R extends object>(query: SelectQueryBuilder<ObjectLiteral>, keys: readonly KeyColumn[], page: PageRequest): Promise<Page<R>> {
  const rows = await applyKeyset(query, keys, page).getRawMany<R & Record<string, unknown>>();
  return toPage(rows, page, keysOfRaw(keys), (row) => row);
}

/**
 * One page too large to hold (scenarios). First the keys alone, at most two rows at the page's end, say where the
 * page ends and whether another follows; then the rows are read `chunkSize` at a time up to that end as the
 * chunks are consumed. `newQuery` builds the scoped query afresh for each read.
 */
export async function streamedKeysetPage<E extends ObjectLiteral>(
  newQuery: () => SelectQueryBuilder<E>, keys: readonly KeyColumn[], page: PageRequest, chunkSize: number,
): Promise<StreamedPage<E>> {
  let end: string[] | null = null;
  let nextCursor: string | null = null;
  if (page.limit !== null) {
    const bounds = applyKeyset(newQuery(), keys, { cursor: page.cursor, limit: null });
    // The keys alone, not the rows: select anew what applyKeyset added beside the entity's columns.
    const [first, ...rest] = keys.map((key, i) => [`${bounds.alias}.${key.column}::text`, `keyset_${i}`] as const);
    bounds.select(...first!);
    rest.forEach(([selection, alias]) => bounds.addSelect(selection, alias));
    bounds.offset(page.limit - 1).limit(2);
    const [last, following] = (await bounds.getRawMany<Record<string, unknown>>()).map(keysOfRaw(keys));
    end = last ?? null;
    if (last && following) nextCursor = encodeCursor(last);
  } else if (page.cursor !== null) {
    decodeCursor(page.cursor, keys.map((key) => key.type));
  }
  // Without an end the page reaches the list's end: cap it at the limit should rows arrive meanwhile.
  let remaining = page.limit ?? Number.POSITIVE_INFINITY;
  async function* chunks(): AsyncGenerator<E[]> {
    for (let cursor = page.cursor; remaining > 0;) {
      const query = newQuery();
      if (end) compareKeys(query, keys, '<=', end, 'keysetEnd');
      const chunk = await keysetPage(query, keys, { cursor, limit: Math.min(chunkSize, remaining) });
      if (chunk.items.length > 0) yield chunk.items;
      remaining -= chunk.items.length;
      if (chunk.nextCursor === null) return;
      cursor = chunk.nextCursor;
    }
  }
  return { chunks: chunks(), nextCursor };
}

/** The order of most lists: oldest first, then id. */
export const OLDEST_FIRST: readonly KeyColumn[] = [{ column: 'created_at', type: 'timestamptz' }, { column: 'id', type: 'uuid' }];
/** Oldest first, then name (unique where it is used: test sets of a project, environments of an app). */
export const OLDEST_FIRST_BY_NAME: readonly KeyColumn[] = [{ column: 'created_at', type: 'timestamptz' }, { column: 'name', type: 'text' }];
/** Scenarios: by row. */
export const BY_ROW: readonly KeyColumn[] = [{ column: 'row_index', type: 'int' }];
/** Scenarios of a run whose rows run several times: by row, then repetition. */
export const BY_ROW_AND_REPETITION: readonly KeyColumn[] = [...BY_ROW, { column: 'repetition', type: 'int' }];
