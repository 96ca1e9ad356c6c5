import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Actor, EvaluatorConfig } from '@crucible/domain';
import { EvaluatorConfigRepository, EvaluatorService } from '../ports';
import { OutboundGuard } from '../../outbound/ports';
import { checkedName } from '../checked-name';
import { checkedSettings } from '../checked-settings';
import { GetAppUseCase } from '../../registry/use-cases/get-app.use-case';

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
