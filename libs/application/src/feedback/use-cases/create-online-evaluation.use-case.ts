import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type Actor, DomainError, type NewOnlineEvaluation, type OnlineEvaluationRule, checkedOnlineEvaluation } from '@crucible/domain';
import { AppRepository } from '../../registry/ports/app-repository.port';
import { EvaluatorConfigRepository } from '../../evaluators/ports/evaluator-config-repository.port';
import { OnlineEvaluationRepository } from '../ports';

/**
 * `POST /online-evaluations` (ARCHITECTURE §18): a rule of the project over one of its apps, running an evaluator
 * config of that app (or a project-wide one). It sees the traces that arrive after it exists, active from the start.
 */
@Injectable()
export class CreateOnlineEvaluationUseCase {
  constructor(
    private readonly rules: OnlineEvaluationRepository,
    private readonly apps: AppRepository,
    private readonly configs: EvaluatorConfigRepository,
  ) {}

  async execute(actor: Actor, input: NewOnlineEvaluation, now = new Date()): Promise<OnlineEvaluationRule> {
    const checked = checkedOnlineEvaluation(input);
    const app = await this.apps.findById(actor.projectId, checked.appId);
    if (!app) throw DomainError.invalidInput([{ field: ['app_id'], reason: `app ${checked.appId} not found in this project`, rule: 'invalid_value' }]);
    const [config] = await this.configs.findByIds(actor.projectId, [checked.evaluatorConfigId]);
    const configReason = !config ? `evaluator config ${checked.evaluatorConfigId} not found in this project`
      : config.appId !== null && config.appId !== app.id ? `evaluator config "${config.name}" belongs to another app than "${app.name}"` : null;
    if (configReason) throw DomainError.invalidInput([{ field: ['evaluator_config_id'], reason: configReason, rule: 'invalid_value' }]);
    const rule: OnlineEvaluationRule = {
      ...checked, id: randomUUID(), projectId: actor.projectId, active: true, pausedReason: null, createdAt: now, updatedAt: now, createdBy: actor.name,
    };
    await this.rules.create(rule);
    return rule;
  }
}
