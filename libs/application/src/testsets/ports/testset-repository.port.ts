import type { Testset, TestsetRow, TestsetSummary } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';

/** What an update changes; `columns` travels with `rows`, and `updatedAt` always moves. */
export interface TestsetPatch {
  name?: string;
  columns?: string[];
  rows?: TestsetRow[];
  updatedAt: Date;
}

export abstract class TestsetRepository {
  /** A taken name within the project fails with a conflict. */
  abstract create(testset: Testset): Promise<void>;
  /**
   * Keeps one batch (numbered from 0) of an upload's rows aside, where no listing or read sees them, so that a
   * large upload is written as it is read and never held whole.
   */
  abstract stageRows(projectId: string, uploadId: string, batch: number, rows: TestsetRow[]): Promise<void>;
  /**
   * Creates the test set from the upload's staged rows, in batch order, and forgets them, at once: either the whole
   * set appears or nothing does. A taken name within the project fails with a conflict (the rows stay staged).
   */
  abstract createFromStaged(testset: Omit<Testset, 'rows'>, uploadId: string): Promise<void>;
  /** Forgets an upload's staged rows (a refused or failed upload). */
  abstract discardStaged(projectId: string, uploadId: string): Promise<void>;
  /** Oldest first (then name), optionally of one app, one keyset page; rows are counted by the database, never loaded. */
  abstract list(projectId: string, appId: string | undefined, page: PageRequest): Promise<Page<TestsetSummary>>;
  /** The test set with all its rows, or null when the project has no such test set. */
  abstract findById(projectId: string, id: string): Promise<Testset | null>;
  /** The test set without its rows (counted by the database), or null when the project has no such test set. */
  abstract findSummary(projectId: string, id: string): Promise<TestsetSummary | null>;
  /**
   * Rows `fromIndex` to `fromIndex + limit - 1` (fewer at the end), each with its index: one page of a keyset
   * walk, so a runner holds a page of a 100 000-row set, never all of it. Empty when the set is gone.
   */
  abstract readRows(projectId: string, id: string, fromIndex: number, limit: number): Promise<Array<{ index: number; row: TestsetRow }>>;
  /** Null when the project has no such test set; a taken name fails with a conflict. */
  abstract update(projectId: string, id: string, patch: TestsetPatch): Promise<TestsetSummary | null>;
  /** Deletes those of `ids` the project owns and answers how many that was. */
  abstract delete(projectId: string, ids: string[]): Promise<string[]>;
}
