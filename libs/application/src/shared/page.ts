import { decodeCursor, encodeCursor, notACursor } from './cursor';

/**
 * Keyset paging (ARCHITECTURE §10). `cursor` is opaque to everyone but the repository that issued it;
 * `limit` null means "everything", which only the seed's unbounded lists ask for.
 */
export interface PageRequest {
  limit: number | null;
  cursor: string | null;
}

export interface Page<T> {
  items: T[];
  /** Where the next page starts; null when nothing remains. */
  nextCursor: string | null;
}

/**
 * A page too large to hold at once (scenarios): its items arrive `chunks` at a time, read from the database as
 * they are written out, while where the next page starts is known before the first of them.
 */
export interface StreamedPage<T> {
  chunks: AsyncIterable<T[]>;
  nextCursor: string | null;
}

/** The most any list answers at once, and what a list other than the seed's unbounded ones answers without `limit`. */
export const MAX_PAGE_SIZE = 1000;

/** How many scenarios a streamed list or export reads per query. */
export const SCENARIO_CHUNK_SIZE = 500;

export const everything: PageRequest = { limit: null, cursor: null };

/** A list's page request with its default applied: at most MAX_PAGE_SIZE unless the caller asked for less. */
export const boundedPage = (page: Partial<PageRequest>): PageRequest =>
  ({ limit: page.limit ?? MAX_PAGE_SIZE, cursor: page.cursor ?? null });

export const mapPage = <T, U>(page: Page<T>, map: (item: T) => U): Page<U> =>
  ({ items: page.items.map(map), nextCursor: page.nextCursor });

export function mapStreamedPage<T, U>(page: StreamedPage<T>, map: (item: T) => U): StreamedPage<U> {
  async function* chunks(): AsyncGenerator<U[]> {
    for await (const chunk of page.chunks) yield chunk.map(map);
  }
  return { chunks: chunks(), nextCursor: page.nextCursor };
}

/**
 * One page of a list already in memory and in its order (the evaluator catalog, the in-memory fakes): the
 * cursor holds the key of the page's last item, so the next page starts right after it.
 */
export function pageOfList<T>(all: readonly T[], page: PageRequest, keyOf: (item: T) => string): Page<T> {
  let start = 0;
  if (page.cursor !== null) {
    const [key] = decodeCursor(page.cursor, ['text']);
    start = all.findIndex((item) => keyOf(item) === key) + 1;
    if (start === 0) throw notACursor();
  }
  const end = page.limit === null ? all.length : Math.min(all.length, start + page.limit);
  const items = all.slice(start, end);
  return { items, nextCursor: end < all.length ? encodeCursor([keyOf(all[end - 1]!)]) : null };
}
