import {
  type Evaluation, type EvaluationScenario, type ScenarioTally, evaluationStatuses, progressCountsOf, tallyScenarios,
} from '@crucible/domain';
import { EvaluationRepository, type EvaluationStatusChange } from '../evaluations/ports';
import type { RunFilter, RunReference } from '../runs/ports';
import type { Page, PageRequest } from '../shared/page';
import { InMemoryRunStore } from './in-memory-run-store';

export class InMemoryEvaluationRepository extends EvaluationRepository {
  readonly store = new InMemoryRunStore<Evaluation, EvaluationScenario>(evaluationStatuses, (s) => s.evaluationId);

  async createMany(evaluations: Evaluation[]): Promise<void> {
    evaluations.forEach((evaluation) => this.store.add(evaluation));
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

  /** The cursor is the index of the next evaluation: opaque to callers, as the real one is. */
  async listPage(projectId: string, filter: { appId?: string }, page: PageRequest): Promise<Page<Evaluation>> {
    const all = this.store.list(projectId, filter);
    const start = page.cursor === null ? 0 : Number(page.cursor);
    const end = page.limit === null ? all.length : start + page.limit;
    return { items: all.slice(start, end), nextCursor: end < all.length ? String(end) : null };
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

  async saveScenarios(scenarios: EvaluationScenario[]): Promise<number> {
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

  async listScenariosOf(projectId: string, evaluationIds: string[]): Promise<EvaluationScenario[]> {
    return evaluationIds.flatMap((id) => this.store.scenariosOf(projectId, id));
  }

  async *scenarioPages(projectId: string, evaluationId: string, pageSize: number): AsyncIterable<EvaluationScenario[]> {
    const all = this.store.scenariosOf(projectId, evaluationId);
    for (let start = 0; start < all.length; start += pageSize) yield all.slice(start, start + pageSize);
  }

  async storedRowIndexes(projectId: string, evaluationId: string): Promise<number[]> {
    return this.store.storedRowIndexes(projectId, evaluationId);
  }

  async deleteMany(projectId: string, ids: string[]): Promise<number> {
    return this.store.deleteMany(projectId, ids);
  }

  async listUnfinished(): Promise<RunReference[]> {
    return this.store.listUnfinished();
  }
}
