import type { Result, ResultError } from '../shared/result';
import type { EvaluatorConfig } from './evaluator-config';
import type { EvaluationStatus } from './evaluation-status';

/** Units are seconds, as ARCHITECTURE §3 fixes them. */
export interface RateLimit {
  batchSize: number;
  maxRetries: number;
  retryDelaySeconds: number;
  delayBetweenBatchesSeconds: number;
}

export interface AggregatedResult {
  evaluatorConfigId: string;
  result: Result;
}

/** A variant revision as an evaluation runs it: parameters and endpoint fixed when the evaluation is created. */
export interface PinnedRevision {
  variantId: string;
  variantName: string;
  variantRevisionId: string;
  revision: number;
  parameters: Record<string, unknown>;
  /** The playground endpoint of the variant's base, pinned with the parameters. */
  invocationUrl: string;
}

/** One variant revision run against one test set; everything it runs with is pinned at creation. */
export interface Evaluation extends PinnedRevision {
  id: string;
  projectId: string;
  appId: string;
  testsetId: string;
  testsetName: string;
  evaluatorConfigs: EvaluatorConfig[];
  correctAnswerColumn: string | null;
  rateLimit: RateLimit;
  status: EvaluationStatus;
  statusError: ResultError | null;
  progressDone: number;
  progressTotal: number;
  aggregatedResults: AggregatedResult[];
  averageCost: number | null;
  totalCost: number | null;
  averageLatency: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface EvaluatorOutcome {
  evaluatorConfigId: string;
  result: Result;
}

/** One test-set row of an evaluation: what went in, what came out, and every evaluator's verdict. */
export interface EvaluationScenario {
  id: string;
  projectId: string;
  evaluationId: string;
  rowIndex: number;
  inputs: Record<string, unknown>;
  output: unknown;
  correctAnswer: unknown;
  results: EvaluatorOutcome[];
  /** Seconds. */
  latency: number | null;
  cost: number | null;
  error: ResultError | null;
  createdAt: Date;
}

export const DEFAULT_CORRECT_ANSWER_COLUMN = 'correct_answer';
