import type { Trace } from '@crucible/contracts';
import type { InputViolation, RateLimit, Result } from '@crucible/domain';

export interface EvaluatorContext {
  /** Whose connections an LLM judge may use. */
  projectId: string;
  /** The test-set row. */
  inputs: Record<string, unknown>;
  /** What the application answered for this row. */
  output: unknown;
  /** The invocation's trace (spans as a tree), when the application sent one: RAG and tool-call evaluators read it. */
  trace?: Trace | null;
  /** Value of the ground-truth column in this row; undefined when the row has none. */
  correctAnswer: unknown;
  /** The evaluation's ground-truth column (its correct_answer_column), which a judge keeps out of the question. */
  groundTruthColumn?: string;
  /** Parameters of the revision under evaluation. */
  appParams: Record<string, unknown>;
  /** Evaluator settings, already validated with defaults applied. */
  settings: Record<string, unknown>;
  /** How an evaluation retries a model call that hit a rate limit, a time-out or a server error (its rate_limit). */
  retries?: Pick<RateLimit, 'maxRetries' | 'retryDelaySeconds'>;
  /** Told the USD an evaluator's own model calls cost (an LLM judge's computed cost), when it is known. */
  onCost?: (usd: number) => void;
}

export type SettingsCheck =
  | { ok: true; settings: Record<string, unknown> }
  /** Fields are paths into the config: `['settings_values', 'threshold']`, `['evaluator_key']`. */
  | { ok: false; violations: InputViolation[] };

/** What running an evaluator config needs of an evaluation, checked when the evaluation is created. */
export interface EvaluatorRequirements {
  /** Test-set columns it reads, each with the setting (or preset) that makes it needed. */
  columns: Array<{ column: string; neededBy: string }>;
  /** The judge model it calls and the connection named for it, when it is a structured-output LLM judge. */
  judge: { model: string; connectionId?: string } | null;
}

/** The evaluator catalog as the evaluation use cases see it; libs/evaluators implements it. */
export abstract class EvaluatorService {
  abstract catalog(): unknown[];
  abstract validateSettings(evaluatorKey: string, settings: Record<string, unknown>): SettingsCheck;
  /** Never throws: a failure is an error Result. */
  abstract evaluate(evaluatorKey: string, context: EvaluatorContext): Promise<Result>;
  /** The column holding the ground truth for this evaluator's settings. */
  abstract groundTruthColumn(settings: Record<string, unknown>, evaluationDefault: string): string;
  /** What a config with these (stored) settings needs; nothing for settings that no longer validate. */
  abstract requirements(evaluatorKey: string, settings: Record<string, unknown>, evaluationDefault: string): EvaluatorRequirements;
}
