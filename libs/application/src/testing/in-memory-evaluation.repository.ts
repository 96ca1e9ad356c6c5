import {
  type Evaluation, type EvaluationScenario, type ScenarioNumbers, type ScenarioTally, type TraceWithSpans, evaluationStatuses,
  progressCountsOf, scenarioNumbersOf, tallyScenarios,
} from '@crucible/domain';
import { EvaluationRepository, type EvaluationStatusChange } from '../evaluations/ports';
import type { RowRun, RunFilter, RunReference } from '../runs/ports';
import type { TraceRepository } from '../traces/ports';
import { type Page, type PageRequest, type StreamedPage, pageOfList } from '../shared/page';
import { streamedPageOfList } from './in-memory-page';
import { InMemoryRunStore } from './in-memory-run-store';

export class InMemoryEvaluationRepository extends EvaluationRepository {
  readonly store = new InMemoryRunStore<Evaluation, EvaluationScenario>(evaluationStatuses, (s) => s.evaluationId);
  /** Chunks of scenario numbers read so far: what a test counts to see that an answer came from a cache. */
  scenarioNumberReads = 0;
  /** When set, each chunk read waits for it: a test holds a comparison in flight with it. */
  scenarioNumbersGate: Promise<void> | null = null;

  /** Where the traces stored with scenarios go. */
  constructor(private readonly traces: TraceRepository) {
    super();
  }

  async createMany(evaluations: Evaluation[]): Promise<void> {
    evaluations.forEach((evaluation) => this.store.add(evaluation));
  }

  async createWithScenarios(evaluation: Evaluation, scenarios: EvaluationScenario[]): Promise<void> {
    this.store.add({ ...evaluation, progressDone: 0, progressFailedRows: 0, progressEvaluatorErrors: 0 });
    await this.saveScenarios(scenarios);
  }

  async findById(projectId: string, id: string): Promise<Evaluation | null> {
    return this.store.find(projectId, id);
  }

  async statusOf(projectId: string, id: string): Promise<Evaluation['status'] | null> {
    return this.store.find(projectId, id)?.status ?? null;
  }

  async list(projectId: string, filter: RunFilter): Promise<Evaluation[]> {
    return this.store.list(projectId, filter);
  }

  async listPage(projectId: string, filter: { appId?: string }, page: PageRequest): Promise<Page<Evaluation>> {
    return pageOfList(this.store.list(projectId, filter), page, (e) => e.id);
  }

  async moveStatus(projectId: string, id: string, change: EvaluationStatusChange): Promise<boolean> {
    const { aggregates } = change;
    return this.store.moveStatus(projectId, id, change, (evaluation) => {
      if (!aggregates) return;
      Object.assign(evaluation, {
        aggregatedResults: aggregates.aggregatedResults, averageCost: aggregates.averageCost,
        totalCost: aggregates.totalCost, averageLatency: aggregates.averageLatency,
      });
    });
  }

  async saveScenarios(scenarios: EvaluationScenario[], traces: TraceWithSpans[] = []): Promise<number> {
    const [first] = scenarios;
    // An evaluation's traces are stored whole, as the database adapter's scenario write does.
    if (first && traces.length > 0) await this.traces.save(first.projectId, traces, { maxSpansPerTrace: Number.MAX_SAFE_INTEGER });
    return this.store.saveScenarios(scenarios, (evaluation, stored) => {
      const counts = progressCountsOf(stored);
      evaluation.progressFailedRows += counts.failedRows;
      evaluation.progressEvaluatorErrors += counts.evaluatorErrors;
    });
  }

  async tallyScenarios(projectId: string, evaluationId: string, evaluatorConfigIds: string[]): Promise<ScenarioTally> {
    return tallyScenarios(evaluatorConfigIds, this.store.scenariosOf(projectId, evaluationId));
  }

  async listScenarios(projectId: string, evaluationId: string): Promise<EvaluationScenario[]> {
    return this.store.scenariosOf(projectId, evaluationId);
  }

  async* streamScenarioNumbers(
    projectId: string, evaluationId: string, evaluatorConfigIds: string[], chunkSize: number,
  ): AsyncIterable<ScenarioNumbers[]> {
    const scenarios = this.store.scenariosOf(projectId, evaluationId);
    for (let start = 0; start < scenarios.length; start += chunkSize) {
      if (this.scenarioNumbersGate) await this.scenarioNumbersGate;
      this.scenarioNumberReads += 1;
      yield scenarios.slice(start, start + chunkSize).map((scenario) => scenarioNumbersOf(scenario, evaluatorConfigIds));
    }
  }

  streamScenarios(projectId: string, evaluationId: string, page: PageRequest, chunkSize: number): Promise<StreamedPage<EvaluationScenario>> {
    return streamedPageOfList(this.store.scenariosOf(projectId, evaluationId), page, (s) => `${s.rowIndex}:${s.repetition}`, chunkSize);
  }

  async storedRowRuns(projectId: string, evaluationId: string): Promise<RowRun[]> {
    return this.store.storedRowRuns(projectId, evaluationId);
  }

  async deleteMany(projectId: string, ids: string[]): Promise<number> {
    return this.store.deleteMany(projectId, ids);
  }

  async listUnfinished(): Promise<RunReference[]> {
    return this.store.listUnfinished();
  }
}
