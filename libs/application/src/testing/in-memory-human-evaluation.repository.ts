import {
  type HumanEvaluation, type HumanEvaluationScenario, type HumanEvaluationStatus, type HumanScenarioPatch,
  humanEvaluationStatuses,
} from '@crucible/domain';
import { HumanEvaluationRepository } from '../human-evaluations/ports';
import type { RowRun, RunFilter, RunReference, StatusChange } from '../runs/ports';
import { InMemoryRunStore } from './in-memory-run-store';
import { type Page, type PageRequest, type StreamedPage, pageOfList } from '../shared/page';
import { streamedPageOfList } from './in-memory-page';

export class InMemoryHumanEvaluationRepository extends HumanEvaluationRepository {
  readonly store = new InMemoryRunStore<HumanEvaluation, HumanEvaluationScenario>(humanEvaluationStatuses, (s) => s.evaluationId);

  async create(evaluation: HumanEvaluation): Promise<void> {
    this.store.add(evaluation);
  }

  async findById(projectId: string, id: string): Promise<HumanEvaluation | null> {
    return this.store.find(projectId, id);
  }

  async statusOf(projectId: string, id: string): Promise<HumanEvaluation['status'] | null> {
    return this.store.find(projectId, id)?.status ?? null;
  }

  async list(projectId: string, filter: RunFilter): Promise<HumanEvaluation[]> {
    return this.store.list(projectId, filter);
  }

  async listPage(projectId: string, filter: { appId?: string }, page: PageRequest): Promise<Page<HumanEvaluation>> {
    return pageOfList(this.store.list(projectId, filter), page, (e) => e.id);
  }

  async moveStatus(projectId: string, id: string, change: StatusChange<HumanEvaluationStatus>): Promise<boolean> {
    return this.store.moveStatus(projectId, id, change);
  }

  async saveScenario(scenario: HumanEvaluationScenario): Promise<boolean> {
    return this.store.saveScenarios([scenario]) === 1;
  }

  async listScenarios(projectId: string, evaluationId: string): Promise<HumanEvaluationScenario[]> {
    return this.store.scenariosOf(projectId, evaluationId);
  }

  streamScenarios(projectId: string, evaluationId: string, page: PageRequest, chunkSize: number): Promise<StreamedPage<HumanEvaluationScenario>> {
    return streamedPageOfList(this.store.scenariosOf(projectId, evaluationId), page, (s) => String(s.rowIndex), chunkSize);
  }

  async storedRowRuns(projectId: string, evaluationId: string): Promise<RowRun[]> {
    return this.store.storedRowRuns(projectId, evaluationId);
  }

  /** Only while the evaluation is READY, as the conditional UPDATE does. */
  async updateScenario(
    projectId: string, evaluationId: string, scenarioId: string, patch: HumanScenarioPatch,
  ): Promise<HumanEvaluationScenario | null> {
    if (this.store.find(projectId, evaluationId)?.status !== 'EVALUATION_READY') return null;
    const scenario = this.store.scenarios.find((s) => s.projectId === projectId && s.evaluationId === evaluationId && s.id === scenarioId);
    if (!scenario) return null;
    const { metricScores, ...rest } = patch;
    const defined = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
    Object.assign(scenario, defined, { updatedAt: new Date() });
    for (const [configId, score] of Object.entries(metricScores ?? {})) {
      if (score) scenario.metricScores[configId] = score;
      else delete scenario.metricScores[configId];
    }
    return structuredClone(scenario);
  }

  async findScenario(projectId: string, evaluationId: string, scenarioId: string): Promise<HumanEvaluationScenario | null> {
    return this.store.scenariosOf(projectId, evaluationId).find((s) => s.id === scenarioId) ?? null;
  }

  async deleteMany(projectId: string, ids: string[]): Promise<number> {
    return this.store.deleteMany(projectId, ids);
  }

  async listUnfinished(): Promise<RunReference[]> {
    return this.store.listUnfinished();
  }
}
