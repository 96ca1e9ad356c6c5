import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  type Actor, type HumanEvaluation, type HumanEvaluationType, DomainError, checkHumanEvaluationSetup, revisionsViolation,
} from '@crucible/domain';
import { HumanEvaluationRepository } from '../ports';
import { VariantRepository } from '../../registry/ports';
import { GetAppUseCase } from '../../registry/use-cases/get-app.use-case';
import { LatestRevisionsUseCase, type RevisionChoice } from '../../registry/use-cases/latest-revisions.use-case';
import { TestsetRepository } from '../../testsets/ports';
import { JobQueue } from '../../runs/ports';
import { pinRevisions } from '../../runs/pin-revisions';

export interface CreateHumanEvaluationInput {
  appId: string;
  evaluationType: HumanEvaluationType;
  /** The compared revisions (one for a single-model test, two for A/B). */
  revisions: RevisionChoice;
  testsetId: string;
  inputColumns?: string[];
  correctAnswerColumn?: string;
}

/** Pins each compared revision (parameters and playground endpoint), writes the evaluation, then queues it. */
@Injectable()
export class CreateHumanEvaluationUseCase {
  constructor(
    private readonly humanEvaluations: HumanEvaluationRepository,
    private readonly variants: VariantRepository,
    private readonly testsets: TestsetRepository,
    private readonly queue: JobQueue,
    private readonly getApp: GetAppUseCase,
    private readonly latestRevisions: LatestRevisionsUseCase,
  ) {}

  async execute(actor: Actor, input: CreateHumanEvaluationInput): Promise<HumanEvaluation> {
    const revisionIds = await this.latestRevisions.execute(actor, input.revisions);
    const countViolation = revisionsViolation(input.evaluationType, revisionIds);
    if (countViolation) throw DomainError.invalidInput([countViolation]);
    const app = await this.getApp.execute(actor, input.appId);
    const testset = await this.testsets.findSummary(actor.projectId, input.testsetId);
    if (!testset) throw DomainError.notFound('testset', input.testsetId);
    const check = checkHumanEvaluationSetup({
      evaluationType: input.evaluationType, revisionIds, testsetColumns: testset.columns,
      inputColumns: input.inputColumns, correctAnswerColumn: input.correctAnswerColumn,
    });
    if (!check.ok) throw DomainError.invalidInput(check.violations);

    const variants = await pinRevisions(this.variants, actor.projectId, app.id, revisionIds);

    const now = new Date();
    const evaluation: HumanEvaluation = {
      id: randomUUID(), projectId: actor.projectId, appId: app.id, evaluationType: input.evaluationType, variants,
      testsetId: testset.id, testsetName: testset.name, testsetVersion: testset.version, inputColumns: check.setup.inputColumns,
      correctAnswerColumn: input.correctAnswerColumn ?? null, status: 'EVALUATION_INITIALIZED', statusError: null,
      progressDone: 0, progressTotal: testset.rowsCount, createdAt: now, updatedAt: now,
    };
    await this.humanEvaluations.create(evaluation);
    await this.queue.enqueue({ kind: 'human_evaluation', human_evaluation_id: evaluation.id, project_id: actor.projectId });
    return evaluation;
  }
}
