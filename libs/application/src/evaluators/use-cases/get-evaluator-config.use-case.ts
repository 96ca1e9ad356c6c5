import { Injectable } from '@nestjs/common';
import { type Actor, type EvaluatorConfig, DomainError } from '@crucible/domain';
import { EvaluatorConfigRepository } from '../ports';

@Injectable()
export class GetEvaluatorConfigUseCase {
  constructor(private readonly configs: EvaluatorConfigRepository) {}

  async execute(actor: Actor, id: string): Promise<EvaluatorConfig> {
    const [config] = await this.configs.findByIds(actor.projectId, [id]);
    if (!config) throw DomainError.notFound('evaluator config', id);
    return config;
  }
}
