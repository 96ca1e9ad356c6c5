import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  type Actor, type HumanEvaluation, type HumanEvaluationMetric, type HumanEvaluationType, type InputViolation, DomainError, checkHumanEvaluationSetup, revisionsViolation,
} from '@crucible/domain';
import { HumanEvaluationRepository } from '../ports';
import { VariantRepository } from '../../registry/ports';
import { GetAppUseCase } from '../../registry/use-cases/get-app.use-case';
import { LatestRevisionsUseCase, type RevisionChoice } from '../../registry/use-cases/latest-revisions.use-case';
import { TestsetRepository } from '../../testsets/ports';
import { JobQueue } from '../../runs/ports';
import { pinRevisions } from '../../runs/pin-revisions';
import { ScoreConfigRepository } from '../../feedback/ports';

export interface CreateHumanEvaluationInput {
  appId: string;
  evaluationType: HumanEvaluationType;
  /** The compared revisions (one for a single-model test, two for A/B). */
  revisions: RevisionChoice;
  testsetId: string;
  inputColumns?: string[];
  correctAnswerColumn?: string;
  /** Single-model tests: judge each row on these score configs instead of the 1–5 score. */
  scoreConfigIds?: string[];
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
    private readonly scoreConfigs: ScoreConfigRepository,
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
    const metrics = await this.metrics(actor, input);

    const variants = await pinRevisions(this.variants, actor.projectId, app.id, revisionIds);

    const now = new Date();
    const evaluation: HumanEvaluation = {
      id: randomUUID(), projectId: actor.projectId, appId: app.id, evaluationType: input.evaluationType, variants,
      testsetId: testset.id, testsetName: testset.name, testsetVersion: testset.version, inputColumns: check.setup.inputColumns, metrics,
      correctAnswerColumn: input.correctAnswerColumn ?? null, status: 'EVALUATION_INITIALIZED', statusError: null,
      progressDone: 0, progressTotal: testset.rowsCount, createdAt: now, updatedAt: now,
    };
    await this.humanEvaluations.create(evaluation);
    await this.queue.enqueue({ kind: 'human_evaluation', human_evaluation_id: evaluation.id, project_id: actor.projectId });
    return evaluation;
  }

  /** The score configs as they are now, each named in the refusal when it cannot be judged on. */
  private async metrics(actor: Actor, input: CreateHumanEvaluationInput): Promise<HumanEvaluationMetric[]> {
    const ids = [...new Set(input.scoreConfigIds ?? [])];
    if (ids.length > 0 && input.evaluationType !== 'single_model_test') {
      throw DomainError.invalidInput([{
        field: ['score_config_ids'], reason: 'only a single_model_test is judged on score configs; an A/B test takes votes', rule: 'invalid_value',
      }]);
    }
    const configs = await Promise.all(ids.map((id) => this.scoreConfigs.findById(actor.projectId, id)));
    const violations: InputViolation[] = [];
    configs.forEach((config, index) => {
      if (!config) violations.push({ field: ['score_config_ids', index], reason: `score config ${ids[index]} not found`, rule: 'invalid_value' });
      else if (config.archived) {
        violations.push({ field: ['score_config_ids', index], reason: `score config "${config.name}" is archived: it takes no new scores`, rule: 'invalid_value' });
      }
    });
    if (violations.length > 0) throw DomainError.invalidInput(violations);
    return configs.map((config) => {
      const { id, name, dataType, min, max, categories } = config!;
      return { id, name, dataType, min, max, categories };
    });
  }
}
