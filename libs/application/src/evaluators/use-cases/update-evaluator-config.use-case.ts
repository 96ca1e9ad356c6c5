import { Injectable } from '@nestjs/common';
import type { Actor, EvaluatorConfig } from '@crucible/domain';
import { EvaluatorConfigRepository, EvaluatorService } from '../ports';
import { OutboundGuard } from '../../outbound/ports';
import { checkedName } from '../checked-name';
import { checkedSettings } from '../checked-settings';
import { GetEvaluatorConfigUseCase } from './get-evaluator-config.use-case';

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
