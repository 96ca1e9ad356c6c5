import { randomUUID } from 'node:crypto';
import { EvaluationRepository } from '@crucible/application';
import type { Evaluation } from '@crucible/domain';
import { createBenchSetup } from './setup';
import type { Stand } from './stand';

export interface FinishedEvaluations {
  appId: string;
  /** Every one of the same app, revision, test set and evaluator configs. */
  evaluations: Evaluation[];
}

/**
 * `count` finished evaluations written straight to the repository, as the runner would leave them: the service
 * is never called. A template is created through the api for its references, then deleted.
 */
export async function writeFinishedEvaluations(stand: Stand, count: number): Promise<FinishedEvaluations> {
  const setup = await createBenchSetup(stand, 'http://127.0.0.1:9', [{ input: 'x', correct_answer: 'x' }]);
  const [template] = await stand.request<Array<{ id: string }>>('POST', '/evaluations', {
    app_id: setup.appId, revisions_ids: [setup.revisionId], evaluators_configs: setup.configIds, testset_id: setup.testsetId,
    rate_limit: { batch_size: 1, max_retries: 0, retry_delay: 0, delay_between_batches: 0 },
  });
  const repository = stand.app.get(EvaluationRepository);
  const projectId = (await stand.request<Array<{ project_id: string }>>('GET', `/evaluations?app_id=${setup.appId}`))[0]!.project_id;
  const base = (await repository.findById(projectId, template!.id))!;
  await repository.deleteMany(projectId, [base.id]);
  const evaluations: Evaluation[] = Array.from({ length: count }, (_, i) => ({
    ...base, id: randomUUID(), status: 'EVALUATION_FINISHED', progressDone: 100, progressTotal: 100,
    aggregatedResults: base.evaluatorConfigs.map((config, k) => ({ evaluatorConfigId: config.id, result: { type: 'number', value: ((i + k) % 97) / 97 } })),
    averageCost: 0.000012 * (i % 10), totalCost: 0.0012 * (i % 10), averageLatency: 0.05 + (i % 7) / 100,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000), updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000 + 500),
  }));
  for (let start = 0; start < evaluations.length; start += 100) await repository.createMany(evaluations.slice(start, start + 100));
  return { appId: setup.appId, evaluations };
}
