import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type Actor, type EvaluatorConfig, DomainError, evaluatorConfigNameProblem } from '@crucible/domain';
import { EvaluatorConfigRepository, EvaluatorService } from '../ports';
import { GetAppUseCase } from '../../registry/use-cases/apps.use-case';
import { OutboundGuard } from '../../outbound/outbound-guard.port';
import { checkConfiguredUrl } from '../../outbound/check-configured-url';

function checkedName(name: string): string {
  const trimmed = name.trim();
  const problem = evaluatorConfigNameProblem(trimmed);
  const type = trimmed === '' ? 'string_too_short' : 'string_too_long';
  if (problem) throw DomainError.invalidInput([{ loc: ['body', 'name'], msg: problem, type }]);
  return trimmed;
}

/** Valid settings with defaults applied; every `*_url` setting (the webhook's) must pass the outbound guard. */
async function checkedSettings(evaluators: EvaluatorService, guard: OutboundGuard, key: string, settings: Record<string, unknown>) {
  const check = evaluators.validateSettings(key, settings);
  if (!check.ok) throw DomainError.invalidInput(check.issues.map((issue) => ({ ...issue, loc: ['body', ...issue.loc] })));
  for (const [name, value] of Object.entries(check.settings)) {
    if (name.endsWith('_url') && typeof value === 'string') {
      await checkConfiguredUrl(guard, ['body', 'settings_values', name], value);
    }
  }
  return check.settings;
}

@Injectable()
export class ListEvaluatorsUseCase {
  constructor(private readonly evaluators: EvaluatorService) {}

  execute(): unknown[] {
    return this.evaluators.catalog();
  }
}

@Injectable()
export class CreateEvaluatorConfigUseCase {
  constructor(
    private readonly configs: EvaluatorConfigRepository,
    private readonly evaluators: EvaluatorService,
    private readonly getApp: GetAppUseCase,
    private readonly outbound: OutboundGuard,
  ) {}

  async execute(actor: Actor, input: {
    appId?: string; name: string; evaluatorKey: string; settingsValues: Record<string, unknown>;
  }): Promise<EvaluatorConfig> {
    if (input.appId) await this.getApp.execute(actor, input.appId);
    const name = checkedName(input.name);
    const settingsValues = await checkedSettings(this.evaluators, this.outbound, input.evaluatorKey, input.settingsValues);
    const now = new Date();
    const config: EvaluatorConfig = {
      id: randomUUID(), projectId: actor.projectId, appId: input.appId ?? null, name,
      evaluatorKey: input.evaluatorKey, settingsValues, createdAt: now, updatedAt: now,
    };
    await this.configs.create(config);
    return config;
  }
}

@Injectable()
export class GetEvaluatorConfigUseCase {
  constructor(private readonly configs: EvaluatorConfigRepository) {}

  async execute(actor: Actor, id: string): Promise<EvaluatorConfig> {
    const [config] = await this.configs.findByIds(actor.projectId, [id]);
    if (!config) throw DomainError.notFound('evaluator config', id);
    return config;
  }
}

@Injectable()
export class ListEvaluatorConfigsUseCase {
  constructor(private readonly configs: EvaluatorConfigRepository) {}

  execute(actor: Actor, appId?: string): Promise<EvaluatorConfig[]> {
    return this.configs.list(actor.projectId, appId);
  }
}

@Injectable()
export class UpdateEvaluatorConfigUseCase {
  constructor(
    private readonly configs: EvaluatorConfigRepository,
    private readonly evaluators: EvaluatorService,
    private readonly getConfig: GetEvaluatorConfigUseCase,
    private readonly outbound: OutboundGuard,
  ) {}

  async execute(actor: Actor, input: {
    id: string; name?: string; evaluatorKey?: string; settingsValues?: Record<string, unknown>;
  }): Promise<EvaluatorConfig> {
    const current = await this.getConfig.execute(actor, input.id);
    const name = input.name === undefined || input.name.trim() === '' ? current.name : checkedName(input.name);
    const evaluatorKey = input.evaluatorKey ?? current.evaluatorKey;
    const settingsValues = await checkedSettings(this.evaluators, this.outbound, evaluatorKey, input.settingsValues ?? current.settingsValues);
    const updated: EvaluatorConfig = {
      ...current, name, evaluatorKey, settingsValues, updatedAt: new Date(),
    };
    await this.configs.update(updated);
    return updated;
  }
}

@Injectable()
export class DeleteEvaluatorConfigUseCase {
  constructor(private readonly configs: EvaluatorConfigRepository) {}

  async execute(actor: Actor, id: string): Promise<void> {
    if (!(await this.configs.delete(actor.projectId, id))) throw DomainError.notFound('evaluator config', id);
  }
}
