export type RunKind = 'evaluation' | 'human_evaluation';

/** Which job is running: what every line logged for it carries. */
export interface JobLabel {
  /** The queue's key for the job (`evaluation:<id>`), the same on every delivery. */
  jobId: string;
  kind: RunKind;
  runId: string;
  projectId: string;
}

export interface RunCounts {
  /** Rows stored so far, those of earlier deliveries included. */
  stored: number;
  total: number;
}

/**
 * What a job tells operators: picked up, progress, finished or failed, with counts. The adapter decides how
 * often progress is worth a line, and attaches the job's ids to everything logged within it.
 */
export abstract class RunReporter {
  /** Runs `work` so that every line logged meanwhile (by anyone) carries the job's ids. */
  abstract within<T>(job: JobLabel, work: () => Promise<T>): Promise<T>;
  abstract pickedUp(job: JobLabel, counts: RunCounts): void;
  abstract progress(job: JobLabel, counts: RunCounts): void;
  abstract finished(job: JobLabel, outcome: RunCounts & { status: string }): void;
  abstract failed(job: JobLabel, error: unknown): void;
}

export const jobLabelOf = (kind: RunKind, runId: string, projectId: string): JobLabel =>
  ({ jobId: `${kind}:${runId}`, kind, runId, projectId });
