/**
 * How a run paces its reads and writes of rows: figures that suit the database behind the repositories (one session,
 * as PGlite's, or a pool of connections), so the persistence adapter supplies them. docs/performance-history.md tells
 * how each was measured.
 */
export abstract class RunStoragePolicy {
  /** Test-set rows read per query: a page of a large set, never the whole set. */
  abstract readonly rowPageSize: number;
  /** Rows of the first page, which the run waits for before its first row starts. */
  abstract readonly firstRowPageSize: number;
  /** Rows a write may take at least when more have finished, and the most finished rows a wider window waits for. */
  abstract readonly rowsPerWriteAtLeast: number;
  /** How long finished rows wait for more before they are written, so that rows coming fast share a write. */
  abstract readonly gatherMs: number;
  /** How long the window goes on starting rows while the stop check it asked for is unanswered. */
  abstract readonly checkPatienceMs: number;
  /** The least time between two stop checks. */
  abstract readonly checkEveryMs: number;
}
