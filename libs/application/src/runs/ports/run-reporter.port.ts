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
 * What a job tells operators: picked up, progress, finished or failed, with counts and the job's ids. The adapter
 * decides how often progress is worth a line.
 */
export abstract class RunReporter {
  abstract pickedUp(job: JobLabel, counts: RunCounts): void;
  abstract progress(job: JobLabel, counts: RunCounts): void;
  abstract finished(job: JobLabel, outcome: RunCounts & { status: string }): void;
  abstract failed(job: JobLabel, error: unknown): void;
}

export const jobLabelOf = (kind: RunKind, runId: string, projectId: string): JobLabel =>
  ({ jobId: `${kind}:${runId}`, kind, runId, projectId });
