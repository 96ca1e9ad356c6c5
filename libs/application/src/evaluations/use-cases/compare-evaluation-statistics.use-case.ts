import { Injectable } from '@nestjs/common';
import {
  type Actor, type Evaluation, type MetricComparison, type ScenarioNumbers, DomainError, compareEvaluationNumbers, comparedEvaluatorConfigs,
  sharedRowIndexes,
} from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { TestsetRepository } from '../../testsets/ports';
import { ComparisonCache } from '../comparison/comparison-cache';
import { ComparisonSlots } from '../comparison/comparison-slots';
import { runInSlices } from '../../shared/run-in-slices';
import { type ComparedEvaluationsOptions, findComparedEvaluations } from './compared-evaluations';

/** Rows of numbers read per query: short enough that an embedded (PGlite) process keeps serving /health meanwhile. */
export const SCENARIO_NUMBERS_READ_AT_ONCE = 500;

/**
 * ARCHITECTURE §11: means with intervals, and each evaluation against the first with a paired test. Reads only the
 * numbers of each scenario, resamples them in slices that let the process serve other requests, computes at most
 * CRUCIBLE_MAX_CONCURRENT_COMPARISONS at once, and answers a comparison of finished evaluations from a cache.
 */
@Injectable()
export class CompareEvaluationStatisticsUseCase {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly slots: ComparisonSlots,
    private readonly cache: ComparisonCache,
    private readonly testsets: TestsetRepository,
  ) {}

  async execute(
    actor: Actor, ids: string[], options: ComparedEvaluationsOptions = {},
  ): Promise<{ evaluations: Evaluation[]; metrics: MetricComparison[] }> {
    if (new Set(ids).size < 2) {
      throw DomainError.invalidInput([{
        field: ['evaluations_ids'], reason: 'name at least two different evaluations; the first is the baseline', rule: 'invalid_value',
      }]);
    }
    const evaluations = await findComparedEvaluations(this.evaluations, actor, ids, options);
    const key = ComparisonCache.keyOf(actor.projectId, evaluations);
    const cached = key === null ? undefined : this.cache.get(key);
    if (cached) return { evaluations, metrics: cached };
    const metrics = await this.slots.run(() => this.compute(actor.projectId, evaluations));
    if (key !== null) this.cache.remember(key, metrics);
    return { evaluations, metrics };
  }

  private async compute(projectId: string, evaluations: Evaluation[]): Promise<MetricComparison[]> {
    const configIds = comparedEvaluatorConfigs(evaluations).map((config) => config.id);
    const rows = new Map<string, ScenarioNumbers[]>();
    for (const { id } of evaluations) {
      if (rows.has(id)) continue;
      const read: ScenarioNumbers[] = [];
      for await (const chunk of this.evaluations.streamScenarioNumbers(projectId, id, configIds, SCENARIO_NUMBERS_READ_AT_ONCE)) {
        for (const row of chunk) read.push(row);
      }
      rows.set(id, read);
    }
    return runInSlices(compareEvaluationNumbers(evaluations, await this.onSharedRows(projectId, evaluations, rows)));
  }

  /**
   * Evaluations of one version pair rows by index. Across versions a row is the same row when its content is: each
   * evaluation's rows are renumbered by the first evaluation's version, and rows some version lacks are left out.
   */
  private async onSharedRows(
    projectId: string, evaluations: Evaluation[], rows: Map<string, ScenarioNumbers[]>,
  ): Promise<Map<string, ScenarioNumbers[]>> {
    const versions = [...new Set(evaluations.map((evaluation) => evaluation.testsetVersion))];
    if (versions.length < 2) return rows;
    const testsetId = evaluations[0]!.testsetId;
    const keys = await Promise.all(versions.map((version) => this.testsets.rowContentKeys(projectId, testsetId, version)));
    const shared = sharedRowIndexes(keys);
    const toFirst = new Map(versions.map((version, index) => [version, shared[index]!]));
    const renumbered = new Map<string, ScenarioNumbers[]>();
    for (const evaluation of evaluations) {
      const mapping = toFirst.get(evaluation.testsetVersion)!;
      const kept: ScenarioNumbers[] = [];
      for (const row of rows.get(evaluation.id) ?? []) {
        const rowIndex = mapping.get(row.rowIndex);
        if (rowIndex !== undefined) kept.push({ ...row, rowIndex });
      }
      renumbered.set(evaluation.id, kept.sort((a, b) => a.rowIndex - b.rowIndex));
    }
    return renumbered;
  }
}
