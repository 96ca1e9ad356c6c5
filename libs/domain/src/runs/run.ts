import type { ResultError } from '../shared/result';

/** The states every kind of run passes through before its own terminal ones. */
export type RunStatus = 'EVALUATION_INITIALIZED' | 'EVALUATION_STARTED' | 'EVALUATION_FAILED';

/** A run no runner has finished yet: what a restarted process must queue again. */
export const UNFINISHED_RUN_STATUSES: readonly RunStatus[] = ['EVALUATION_INITIALIZED', 'EVALUATION_STARTED'];

/**
 * What an evaluation and a human evaluation share: revisions run over the rows of one test set by a runner,
 * with a status that only moves along its machine and a count of the rows stored so far.
 */
export interface Run<S extends string = string> {
  id: string;
  projectId: string;
  appId: string;
  testsetId: string;
  testsetName: string;
  /** The test-set version the run was created on: it runs on those rows whatever happens to the test set since. */
  testsetVersion: number;
  correctAnswerColumn: string | null;
  status: S;
  statusError: ResultError | null;
  progressDone: number;
  progressTotal: number;
  createdAt: Date;
  updatedAt: Date;
}

export const DEFAULT_CORRECT_ANSWER_COLUMN = 'correct_answer';

/** The test-set column holding the ground truth of a run's rows. */
export const groundTruthColumnOf = (run: Pick<Run, 'correctAnswerColumn'>): string =>
  run.correctAnswerColumn ?? DEFAULT_CORRECT_ANSWER_COLUMN;

/** A variant revision as a run invokes it: parameters and endpoint fixed when the run is created. */
export interface PinnedRevision {
  variantId: string;
  variantName: string;
  variantRevisionId: string;
  revision: number;
  parameters: Record<string, unknown>;
  /** The playground endpoint of the variant's base, pinned with the parameters. */
  invocationUrl: string;
}
