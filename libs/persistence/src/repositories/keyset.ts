import { DomainError } from '@crucible/domain';
import type { Page, PageRequest } from '@crucible/application';

/**
 * Keyset cursors: the sort key of the last row of a page, base64url-encoded so clients treat it as opaque.
 * A cursor that does not decode to the expected number of keys answers 422, never a 500.
 */
export function encodeCursor(keys: ReadonlyArray<string | number>): string {
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

export function decodeCursor(cursor: string, arity: number): Array<string | number> {
  let keys: unknown;
  try {
    keys = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    keys = null;
  }
  if (!Array.isArray(keys) || keys.length !== arity || !keys.every((k) => typeof k === 'string' || typeof k === 'number')) {
    throw DomainError.invalidInput([{ field: ['cursor'], reason: 'not a cursor this list issued', rule: 'invalid_value' }]);
  }
  return keys as Array<string | number>;
}

/** Rows are fetched with `limit + 1`: the extra row only says whether another page follows. */
export function toPage<R, T>(rows: R[], page: PageRequest, keysOf: (row: R) => Array<string | number>, map: (row: R) => T): Page<T> {
  const more = page.limit !== null && rows.length > page.limit;
  const kept = more ? rows.slice(0, page.limit!) : rows;
  return { items: kept.map(map), nextCursor: more ? encodeCursor(keysOf(kept[kept.length - 1]!)) : null };
}

export const sqlLimit = (page: PageRequest): string => (page.limit === null ? '' : `LIMIT ${page.limit + 1}`);
