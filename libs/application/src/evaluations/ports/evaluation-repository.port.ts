import type {
  Evaluation, EvaluationAggregates, EvaluationScenario, EvaluationStatus, ScenarioNumbers, ScenarioTally, TraceWithSpans,
} from '@crucible/domain';
import { RunRepository, type StatusChange } from '../../runs/ports';
import type { Page, PageRequest, StreamedPage } from '../../shared/page';

export interface EvaluationStatusChange extends StatusChange<EvaluationStatus> {
  aggregates?: EvaluationAggregates;
}

export abstract class EvaluationRepository extends RunRepository<Evaluation, EvaluationStatusChange> {
  /** All or nothing: one transaction. */
  abstract createMany(evaluations: Evaluation[]): Promise<void>;
  /**
   * An evaluation that arrives with its rows (an SDK upload), already in its final status, stored with them in one
   * transaction: nothing ever sees it without its rows, so no runner takes it for unfinished work. Its progress
   * counts are those of the rows.
   */
  abstract createWithScenarios(evaluation: Evaluation, scenarios: EvaluationScenario[]): Promise<void>;
  /**
   * Oldest first (then variant name, then id), one keyset page; two queries whatever the count: the page's
   * ids and stamps, then only the evaluations not already known in their final state.
   */
  abstract listPage(projectId: string, filter: { appId?: string }, page: PageRequest): Promise<Page<Evaluation>>;
  /**
   * Stores a batch's scenarios, and the traces they link to, in one write, each row once: a second save of the same
   * (evaluation, row) is ignored, and traces are kept as `TraceRepository.save` keeps them. Answers how many rows
   * it stored.
   */
  abstract saveScenarios(scenarios: EvaluationScenario[], traces?: TraceWithSpans[]): Promise<number>;
  /** What aggregation needs of the stored scenarios, computed by the database: no scenario is loaded. */
  abstract tallyScenarios(projectId: string, evaluationId: string, evaluatorConfigIds: string[]): Promise<ScenarioTally>;
  abstract listScenarios(projectId: string, evaluationId: string): Promise<EvaluationScenario[]>;
  /**
   * What a comparison needs of each scenario and nothing more (no inputs, outputs or messages), for the evaluators
   * `evaluatorConfigIds`: in row order, `chunkSize` rows a read, each read made as the previous chunk is consumed.
   */
  abstract streamScenarioNumbers(
    projectId: string, evaluationId: string, evaluatorConfigIds: string[], chunkSize: number,
  ): AsyncIterable<ScenarioNumbers[]>;
  /**
   * One keyset page of the scenarios in row order, read `chunkSize` rows at a time as they are consumed, so a list
   * or an export never holds them all; where the next page starts is known before the first chunk.
   */
  abstract streamScenarios(projectId: string, evaluationId: string, page: PageRequest, chunkSize: number): Promise<StreamedPage<EvaluationScenario>>;
}
