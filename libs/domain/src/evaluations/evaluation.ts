import type { Result, ResultError } from '../shared/result';
import type { PinnedRevision, Run } from '../runs/run';
import type { RateLimit } from '../runs/rate-limit';
import type { EvaluatorConfig } from './evaluator-config';
import type { EvaluationStatus } from './evaluation-status';

export interface AggregatedResult {
  evaluatorConfigId: string;
  result: Result;
}

/**
 * Who produced an evaluation's rows: Crucible's runner invoking the revision (`api`, created by `POST /evaluations`),
 * or a test process that ran the task itself and uploaded them through the SDK's `evaluate()` (`sdk`).
 */
export type EvaluationSource = 'api' | 'sdk';
export const EVALUATION_SOURCES: readonly EvaluationSource[] = ['api', 'sdk'];

/** One variant revision run against one test set; everything it runs with is pinned at creation. */
export interface Evaluation extends Run<EvaluationStatus>, PinnedRevision {
  source: EvaluationSource;
  evaluatorConfigs: EvaluatorConfig[];
  rateLimit: RateLimit;
  /** How many times each test-set row runs (1–20); each run is a scenario of its own. */
  repetitions: number;
  /** Of the rows stored so far: those whose invocation failed, and the error results among their evaluators. */
  progressFailedRows: number;
  progressEvaluatorErrors: number;
  aggregatedResults: AggregatedResult[];
  averageCost: number | null;
  totalCost: number | null;
  averageLatency: number | null;
}

export interface EvaluatorOutcome {
  evaluatorConfigId: string;
  result: Result;
  /** USD the evaluator's own model calls cost (an LLM judge), computed by Crucible; absent when it made none. */
  cost?: number;
}

/** One run of one test-set row of an evaluation: what went in, what came out, and every evaluator's verdict. */
export interface EvaluationScenario {
  id: string;
  projectId: string;
  evaluationId: string;
  rowIndex: number;
  /** Which run of the row this is, 1-based (1 to the evaluation's `repetitions`). */
  repetition: number;
  inputs: Record<string, unknown>;
  output: unknown;
  correctAnswer: unknown;
  results: EvaluatorOutcome[];
  /** Seconds. */
  latency: number | null;
  cost: number | null;
  error: ResultError | null;
  /** The trace of the row's invocation (stored in traces), when the service answered one. */
  traceId: string | null;
  createdAt: Date;
}
