import { Injectable } from '@nestjs/common';
import type { Actor, EvaluatorConfig } from '@crucible/domain';
import { EvaluatorConfigRepository } from '../ports';

@Injectable()
export class ListEvaluatorConfigsUseCase {
  constructor(private readonly configs: EvaluatorConfigRepository) {}

  execute(actor: Actor, appId?: string): Promise<EvaluatorConfig[]> {
    return this.configs.list(actor.projectId, appId);
  }
}
