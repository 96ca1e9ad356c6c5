import type {
  Evaluation, EvaluationAggregates, EvaluationScenario, EvaluationStatus, EvaluatorConfig, InputIssue, Result, ResultError,
} from '@crucible/domain';
import type { Job, Trace } from '@crucible/contracts';
import type { Page, PageRequest } from '../shared/page';

export abstract class EvaluatorConfigRepository {
  /** A taken name within the app fails with a conflict. */
  abstract create(config: EvaluatorConfig): Promise<void>;
  abstract list(projectId: string, appId?: string): Promise<EvaluatorConfig[]>;
  abstract findByIds(projectId: string, ids: string[]): Promise<EvaluatorConfig[]>;
  abstract update(config: EvaluatorConfig): Promise<void>;
  abstract delete(projectId: string, id: string): Promise<boolean>;
}

export interface StatusChange {
  to: EvaluationStatus;
  error?: ResultError | null;
  aggregates?: EvaluationAggregates;
}

export abstract class EvaluationRepository {
  /** All or nothing: one transaction. */
  abstract createMany(evaluations: Evaluation[]): Promise<void>;
  abstract findById(projectId: string, id: string): Promise<Evaluation | null>;
  /**
   * Oldest first (then variant name, then id), one keyset page; two queries whatever the count: the page's
   * ids and stamps, then only the evaluations not already known in their final state.
   */
  abstract listPage(projectId: string, filter: { appId?: string }, page: PageRequest): Promise<Page<Evaluation>>;
  /** One query whatever the count. */
  abstract list(projectId: string, filter: { appId?: string; ids?: string[] }): Promise<Evaluation[]>;
  /**
   * Moves the status only if the stored one may legally move to `change.to` (a conditional update),
   * so a cancelled or finished evaluation is never overwritten by a late runner. Answers whether it moved.
   */
  abstract moveStatus(projectId: string, id: string, change: StatusChange): Promise<boolean>;
  /**
   * Stores a batch's scenarios in one transaction, each row once: a second save of the same (evaluation, row)
   * is ignored. Answers how many it stored.
   */
  abstract saveScenarios(scenarios: EvaluationScenario[]): Promise<number>;
  abstract listScenarios(projectId: string, evaluationId: string): Promise<EvaluationScenario[]>;
  abstract listScenariosOf(projectId: string, evaluationIds: string[]): Promise<EvaluationScenario[]>;
  /** The scenarios in row order, `pageSize` at a time (keyset paging): for exports that must not hold them all. */
  abstract scenarioPages(projectId: string, evaluationId: string, pageSize: number): AsyncIterable<EvaluationScenario[]>;
  abstract storedRowIndexes(projectId: string, evaluationId: string): Promise<number[]>;
  abstract deleteMany(projectId: string, ids: string[]): Promise<number>;
  /** Evaluations a restarted in-process runner must pick up again. */
  abstract listUnfinished(): Promise<Array<{ id: string; projectId: string }>>;
}

export abstract class JobQueue {
  abstract enqueue(job: Job): Promise<void>;
}

export interface WorkflowCall {
  inputs: Record<string, unknown>;
  config: Record<string, unknown>;
}

export type InvocationOutcome =
  | { ok: true; output: unknown; trace: Trace | null; latencyMs: number }
  | {
    ok: false; retryable: boolean; message: string; stacktrace?: string; status?: number; latencyMs: number;
    /** The service's own 422 items (a config value outside the schema), when it sent them. */
    issues?: InputIssue[];
  };

/** Calls a workflow's playground endpoint once; never throws. */
export abstract class WorkflowInvoker {
  abstract invoke(url: string, call: WorkflowCall): Promise<InvocationOutcome>;
}

export interface EvaluatorContext {
  /** The test-set row. */
  inputs: Record<string, unknown>;
  /** What the application answered for this row. */
  output: unknown;
  /** Value of the ground-truth column in this row; undefined when the row has none. */
  correctAnswer: unknown;
  /** Parameters of the revision under evaluation. */
  appParams: Record<string, unknown>;
  /** Evaluator settings, already validated with defaults applied. */
  settings: Record<string, unknown>;
}

export interface SettingsIssue {
  loc: string[];
  msg: string;
  type: string;
}

export type SettingsCheck =
  | { ok: true; settings: Record<string, unknown> }
  | { ok: false; issues: SettingsIssue[] };

/** The evaluator catalog as the evaluation use cases see it; libs/evaluators implements it. */
export abstract class EvaluatorService {
  abstract catalog(): unknown[];
  abstract validateSettings(evaluatorKey: string, settings: Record<string, unknown>): SettingsCheck;
  /** Never throws: a failure is an error Result. */
  abstract evaluate(evaluatorKey: string, context: EvaluatorContext): Promise<Result>;
  /** The column holding the ground truth for this evaluator's settings. */
  abstract groundTruthColumn(settings: Record<string, unknown>, evaluationDefault: string): string;
}
