import type { ResultError, Run } from '@crucible/domain';

export interface StatusChange<S extends string> {
  to: S;
  error?: ResultError | null;
}

export interface RunFilter {
  appId?: string;
  ids?: string[];
}

/** One run of a test-set row: its index, and which repetition of the row it is (1-based; 1 where rows run once). */
export interface RowRun {
  rowIndex: number;
  repetition: number;
}

export interface RunReference {
  id: string;
  projectId: string;
}

/**
 * What the runners and the read use cases need of any kind of run's storage; each kind adds its scenarios.
 * Every method is scoped to a project except `listUnfinished`, which serves the process-wide re-queue.
 */
export abstract class RunRepository<R extends Run, C extends StatusChange<R['status']> = StatusChange<R['status']>> {
  abstract findById(projectId: string, id: string): Promise<R | null>;
  /** The status alone: what a runner checks before each batch's worth of rows, without reading the whole run. */
  abstract statusOf(projectId: string, id: string): Promise<R['status'] | null>;
  /** Oldest first; one query whatever the count. */
  abstract list(projectId: string, filter: RunFilter): Promise<R[]>;
  /**
   * Moves the status only if the stored one may legally move to `change.to` (a conditional update), so a
   * cancelled or finished run is never overwritten by a late runner. Answers whether it moved.
   */
  abstract moveStatus(projectId: string, id: string, change: C): Promise<boolean>;
  abstract storedRowRuns(projectId: string, runId: string): Promise<RowRun[]>;
  abstract deleteMany(projectId: string, ids: string[]): Promise<number>;
  /** Runs a restarted in-process runner must pick up again. */
  abstract listUnfinished(): Promise<RunReference[]>;
}
