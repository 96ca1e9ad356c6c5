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

/** The most any list answers at once, and what a list other than the seed's unbounded ones answers without `limit`. */
export const MAX_PAGE_SIZE = 1000;

export const everything: PageRequest = { limit: null, cursor: null };

/** A list's page request with its default applied: at most MAX_PAGE_SIZE unless the caller asked for less. */
export const boundedPage = (page: Partial<PageRequest>): PageRequest =>
  ({ limit: page.limit ?? MAX_PAGE_SIZE, cursor: page.cursor ?? null });
