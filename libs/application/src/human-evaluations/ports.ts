import type {
  HumanEvaluation, HumanEvaluationScenario, HumanEvaluationStatus, HumanScenarioPatch, ResultError,
} from '@crucible/domain';

export interface HumanStatusChange {
  to: HumanEvaluationStatus;
  error?: ResultError | null;
}

export abstract class HumanEvaluationRepository {
  abstract create(evaluation: HumanEvaluation): Promise<void>;
  abstract findById(projectId: string, id: string): Promise<HumanEvaluation | null>;
  /** Oldest first; one query whatever the count. */
  abstract list(projectId: string, filter: { appId?: string; ids?: string[] }): Promise<HumanEvaluation[]>;
  /**
   * Moves the status only if the stored one may legally move to `change.to` (a conditional update), so a
   * late runner never overwrites a terminal state. Answers whether it moved.
   */
  abstract moveStatus(projectId: string, id: string, change: HumanStatusChange): Promise<boolean>;
  /** Stores a row's scenario once: a second save of the same (evaluation, row) is ignored. Answers whether it stored. */
  abstract saveScenario(scenario: HumanEvaluationScenario): Promise<boolean>;
  /** Ordered by row. */
  abstract listScenarios(projectId: string, evaluationId: string): Promise<HumanEvaluationScenario[]>;
  abstract storedRowIndexes(projectId: string, evaluationId: string): Promise<number[]>;
  /**
   * One conditional single-row UPDATE of only the patched fields, applied only while the evaluation is READY,
   * so people judging different scenarios at once never overwrite each other. Null when nothing matched.
   */
  abstract updateScenario(
    projectId: string, evaluationId: string, scenarioId: string, patch: HumanScenarioPatch,
  ): Promise<HumanEvaluationScenario | null>;
  abstract findScenario(projectId: string, evaluationId: string, scenarioId: string): Promise<HumanEvaluationScenario | null>;
  abstract deleteMany(projectId: string, ids: string[]): Promise<number>;
  /** Human evaluations a restarted in-process runner must pick up again. */
  abstract listUnfinished(): Promise<Array<{ id: string; projectId: string }>>;
}
