import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  type Actor, type Evaluation, type RateLimit, DEFAULT_REPETITIONS, DomainError, assertRepetitions,
} from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { EvaluatorConfigRepository } from '../../evaluators/ports';
import { VariantRepository } from '../../registry/ports';
import { GetAppUseCase } from '../../registry/use-cases/get-app.use-case';
import { LatestRevisionsUseCase, type RevisionChoice } from '../../registry/use-cases/latest-revisions.use-case';
import { TestsetRepository } from '../../testsets/ports';
import { JobQueue } from '../../runs/ports';
import { pinRevisions } from '../../runs/pin-revisions';
import { CheckEvaluatorPrerequisitesUseCase } from './check-evaluator-prerequisites.use-case';

export interface CreateEvaluationInput {
  appId: string;
  /** One evaluation per revision. */
  revisions: RevisionChoice;
  evaluatorConfigIds: string[];
  testsetId: string;
  rateLimit: RateLimit;
  correctAnswerColumn?: string;
  /** How many times each row runs, 1–20; once when absent. */
  repetitions?: number;
}

/** One evaluation per revision, each pinned to that revision's parameters, written together, then queued. */
@Injectable()
export class CreateEvaluationUseCase {
  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly configs: EvaluatorConfigRepository,
    private readonly variants: VariantRepository,
    private readonly testsets: TestsetRepository,
    private readonly queue: JobQueue,
    private readonly getApp: GetAppUseCase,
    private readonly latestRevisions: LatestRevisionsUseCase,
    private readonly prerequisites: CheckEvaluatorPrerequisitesUseCase,
  ) {}

  async execute(actor: Actor, input: CreateEvaluationInput): Promise<Evaluation[]> {
    const repetitions = input.repetitions ?? DEFAULT_REPETITIONS;
    assertRepetitions(repetitions);
    const app = await this.getApp.execute(actor, input.appId);
    const testset = await this.testsets.findSummary(actor.projectId, input.testsetId);
    if (!testset) throw DomainError.notFound('testset', input.testsetId);

    const configIds = [...new Set(input.evaluatorConfigIds)];
    const configs = await this.configs.findByIds(actor.projectId, configIds);
    const missingConfig = configIds.find((id) => !configs.some((c) => c.id === id));
    if (missingConfig) throw DomainError.notFound('evaluator config', missingConfig);
    const foreignConfig = configs.find((c) => c.appId !== null && c.appId !== app.id);
    if (foreignConfig) throw new DomainError('rule_violation', `evaluator config ${foreignConfig.id} belongs to another app`);
    await this.prerequisites.execute(actor.projectId, { configs, testset, correctAnswerColumn: input.correctAnswerColumn });

    const revisionIds = await this.latestRevisions.execute(actor, input.revisions);
    const pinned = await pinRevisions(this.variants, actor.projectId, app.id, [...new Set(revisionIds)]);
    const now = new Date();
    const evaluations: Evaluation[] = pinned.map((revision) => ({
      ...revision, id: randomUUID(), projectId: actor.projectId, appId: app.id, testsetId: testset.id,
      testsetName: testset.name, testsetVersion: testset.version, evaluatorConfigs: configIds.map((id) => configs.find((c) => c.id === id)!),
      correctAnswerColumn: input.correctAnswerColumn ?? null, rateLimit: input.rateLimit, repetitions,
      source: 'api', status: 'EVALUATION_INITIALIZED', statusError: null, progressDone: 0, progressTotal: testset.rowsCount * repetitions, progressFailedRows: 0,
      progressEvaluatorErrors: 0,
      aggregatedResults: [], averageCost: null, totalCost: null, averageLatency: null, createdAt: now, updatedAt: now,
    }));
    await this.evaluations.createMany(evaluations);
    for (const evaluation of evaluations) {
      await this.queue.enqueue({ kind: 'evaluation', evaluation_id: evaluation.id, project_id: actor.projectId });
    }
    return evaluations;
  }
}
