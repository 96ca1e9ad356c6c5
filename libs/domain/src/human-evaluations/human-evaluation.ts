import type { PinnedRevision, Run } from '../runs/run';
import type { RateLimit } from '../runs/rate-limit';
import { defineStatusMachine } from '../runs/status-machine';
import type { ResultError } from '../shared/result';
import type { HumanEvaluationMetric, MetricScore } from './metric-judgment';

export type HumanEvaluationType = 'human_a_b_testing' | 'single_model_test';
export const HUMAN_EVALUATION_TYPES: readonly HumanEvaluationType[] = ['human_a_b_testing', 'single_model_test'];

/** How many revisions each kind of test compares. */
export const REVISIONS_PER_TYPE: Record<HumanEvaluationType, number> = { human_a_b_testing: 2, single_model_test: 1 };

/** READY: every output generated, people judge; FINISHED: they say they are done (Agenta's clients set it), judging may go on. */
export type HumanEvaluationStatus =
  | 'EVALUATION_INITIALIZED' | 'EVALUATION_STARTED' | 'EVALUATION_READY' | 'EVALUATION_FINISHED' | 'EVALUATION_FAILED';

export const humanEvaluationStatuses = defineStatusMachine<HumanEvaluationStatus>('human evaluation', {
  EVALUATION_INITIALIZED: ['EVALUATION_STARTED', 'EVALUATION_FAILED'],
  EVALUATION_STARTED: ['EVALUATION_READY', 'EVALUATION_FAILED'],
  EVALUATION_READY: ['EVALUATION_FINISHED'],
  EVALUATION_FINISHED: ['EVALUATION_READY'],
  EVALUATION_FAILED: [],
});

/** Statuses in which scenarios take judgments. */
export const JUDGEABLE_HUMAN_STATUSES: readonly HumanEvaluationStatus[] = ['EVALUATION_READY', 'EVALUATION_FINISHED'];

/** The runner has nothing left to do: outputs are generated (people may still move READY ⇄ FINISHED), or generation failed. */
export const isTerminalHumanStatus = (status: HumanEvaluationStatus): boolean =>
  status === 'EVALUATION_FAILED' || JUDGEABLE_HUMAN_STATUSES.includes(status);

/**
 * People wait for outputs before they can judge, so the runner is not tunable per evaluation: a modest batch,
 * a few quick retries, no pause between batches.
 */
export const HUMAN_EVALUATION_RATE_LIMIT: RateLimit = {
  batchSize: 10, maxRetries: 3, retryDelaySeconds: 1, delayBetweenBatchesSeconds: 0,
};

/** One compared revision, pinned at creation like an Evaluation's. */
export type HumanEvaluationVariant = PinnedRevision;

export interface HumanEvaluation extends Run<HumanEvaluationStatus> {
  evaluationType: HumanEvaluationType;
  /** Two for an A/B test, one for single-model scoring, in the order of `revisions_ids`. */
  variants: HumanEvaluationVariant[];
  /** The columns shown as scenario inputs. */
  inputColumns: string[];
  /** Single-model tests only: the score configs each row is judged on, instead of the 1–5 score; empty: the 1–5 score. */
  metrics: HumanEvaluationMetric[];
}

export interface HumanScenarioInput {
  name: string;
  value: unknown;
}

/** One revision's answer to a row; a failed invocation keeps its error here instead of blocking the row. */
export interface HumanScenarioOutput {
  variantId: string;
  variantRevisionId: string;
  output: unknown;
  error: ResultError | null;
}

/** One test-set row to judge; inputs and outputs are fixed, the judgment fields are what people edit. */
export interface HumanEvaluationScenario {
  id: string;
  projectId: string;
  evaluationId: string;
  rowIndex: number;
  inputs: HumanScenarioInput[];
  outputs: HumanScenarioOutput[];
  vote: string | null;
  score: number | null;
  /** By score config id: a multi-metric evaluation's judgments of this row. */
  metricScores: Record<string, MetricScore>;
  correctAnswer: string | null;
  isPinned: boolean;
  note: string | null;
  /** Who judged the row last (`modified_by`): the person's name, or the key's; null until judged. */
  modifiedBy: string | null;
  modifiedById: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The judgment fields a person changes; an absent key is left as stored. */
export interface HumanScenarioPatch {
  vote?: string | null;
  score?: number | null;
  /** Merged into the stored ones by config id; null removes that config's score. */
  metricScores?: Record<string, MetricScore | null>;
  correctAnswer?: string | null;
  isPinned?: boolean;
  note?: string | null;
  outputs?: HumanScenarioOutput[];
  /** Set with every judgment: who made it. */
  modifiedBy?: string;
  modifiedById?: string;
}

/** An output a client showed for one compared variant (named by variant or revision id). */
export interface SentOutput {
  variantId: string;
  output: unknown;
}

/** Outputs a client sends replace the stored ones of the variants they name; the others stay. */
export function mergeSentOutputs(stored: HumanScenarioOutput[], sent: SentOutput[]): HumanScenarioOutput[] {
  return stored.map((output) => {
    const match = sent.find((s) => s.variantId === output.variantId || s.variantId === output.variantRevisionId);
    return match ? { ...output, output: match.output, error: null } : output;
  });
}

/** Inputs and outputs are shown as text: strings as they are, anything else JSON-encoded. */
export function displayValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return JSON.stringify(value);
}
