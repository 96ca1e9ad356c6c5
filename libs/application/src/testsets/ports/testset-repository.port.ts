import type { Testset, TestsetRow, TestsetSummary, TestsetVersion, TestsetVersionStamp } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';

/** What an update changes; `columns` travels with `rows` (which make a new version), and `updatedAt` always moves. */
export interface TestsetPatch {
  name?: string;
  columns?: string[];
  rows?: TestsetRow[];
  updatedAt: Date;
}

/**
 * Test sets and their versions. Every version's rows are written once, by the change that makes it, and never
 * rewritten: a test set is its latest version's summary plus the history of versions. Reads without a version
 * read the latest one.
 */
export abstract class TestsetRepository {
  /** Creates the test set as version 1 (`testset.version` is ignored). A taken name within the project fails with a conflict. */
  abstract create(testset: Testset, stamp: TestsetVersionStamp): Promise<void>;
  /**
   * Keeps one batch (numbered from 0) of an upload's rows aside, where no listing or read sees them, so that a
   * large upload is written as it is read and never held whole.
   */
  abstract stageRows(projectId: string, uploadId: string, batch: number, rows: TestsetRow[]): Promise<void>;
  /**
   * Creates the test set (version 1) from the upload's staged rows, in batch order, and forgets them, at once: either
   * the whole set appears or nothing does. A taken name within the project fails with a conflict (the rows stay staged).
   */
  abstract createFromStaged(testset: Omit<Testset, 'rows' | 'version'>, uploadId: string, stamp: TestsetVersionStamp): Promise<void>;
  /** Forgets an upload's staged rows (a refused or failed upload). */
  abstract discardStaged(projectId: string, uploadId: string): Promise<void>;
  /** Oldest first (then name), optionally of one app, one keyset page; rows are counted, never loaded. */
  abstract list(projectId: string, appId: string | undefined, page: PageRequest): Promise<Page<TestsetSummary>>;
  /** The test set with all the rows of `version` (latest when absent), or null when the project has no such test set or version. */
  abstract findById(projectId: string, id: string, version?: number): Promise<Testset | null>;
  /** The test set as of `version` (latest when absent) without its rows, or null when the project has no such test set or version. */
  abstract findSummary(projectId: string, id: string, version?: number): Promise<TestsetSummary | null>;
  /**
   * Rows `fromIndex` to `fromIndex + limit - 1` (fewer at the end) of `version`, each with its index: one page of a
   * keyset walk, so a runner holds a page of a 100 000-row set, never all of it. Empty when the set is gone.
   */
  abstract readRows(projectId: string, id: string, version: number, fromIndex: number, limit: number): Promise<Array<{ index: number; row: TestsetRow }>>;
  /** Each row of `version` as a key of its content, in row order: equal rows have equal keys, across versions too. */
  abstract rowContentKeys(projectId: string, id: string, version: number): Promise<string[]>;
  /** Newest first, one keyset page; empty when the project has no such test set. */
  abstract listVersions(projectId: string, id: string, page: PageRequest): Promise<Page<TestsetVersion>>;
  /**
   * Null when the project has no such test set; a taken name fails with a conflict. New rows make the next version,
   * stamped with `stamp`; a rename alone keeps the version (the rows an evaluation ran on did not change).
   */
  abstract update(projectId: string, id: string, patch: TestsetPatch, stamp: TestsetVersionStamp): Promise<TestsetSummary | null>;
  /** Deletes those of `ids` the project owns and answers how many that was. */
  abstract delete(projectId: string, ids: string[]): Promise<string[]>;
}
