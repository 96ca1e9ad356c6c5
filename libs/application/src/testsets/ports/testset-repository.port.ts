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
