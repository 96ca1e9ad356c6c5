import type { HumanEvaluation, HumanEvaluationScenario, HumanScenarioPatch } from '@crucible/domain';
import { RunRepository } from '../../runs/ports';
import type { Page, PageRequest, StreamedPage } from '../../shared/page';

export abstract class HumanEvaluationRepository extends RunRepository<HumanEvaluation> {
  abstract create(evaluation: HumanEvaluation): Promise<void>;
  /** Stores a row's scenario once: a second save of the same (evaluation, row) is ignored. Answers whether it stored. */
  abstract saveScenario(scenario: HumanEvaluationScenario): Promise<boolean>;
  /** Oldest first (then id), one keyset page. */
  abstract listPage(projectId: string, filter: { appId?: string }, page: PageRequest): Promise<Page<HumanEvaluation>>;
  /** Ordered by row. */
  abstract listScenarios(projectId: string, evaluationId: string): Promise<HumanEvaluationScenario[]>;
  /** One keyset page of the scenarios in row order, read `chunkSize` rows at a time (as EvaluationRepository's). */
  abstract streamScenarios(projectId: string, evaluationId: string, page: PageRequest, chunkSize: number): Promise<StreamedPage<HumanEvaluationScenario>>;
  /**
   * One conditional single-row UPDATE of only the patched fields, applied only while the evaluation is READY,
   * so people judging different scenarios at once never overwrite each other. Null when nothing matched.
   */
  abstract updateScenario(
    projectId: string, evaluationId: string, scenarioId: string, patch: HumanScenarioPatch,
  ): Promise<HumanEvaluationScenario | null>;
  abstract findScenario(projectId: string, evaluationId: string, scenarioId: string): Promise<HumanEvaluationScenario | null>;
}
