import { Injectable } from '@nestjs/common';
import { type Actor, DomainError } from '@crucible/domain';
import { EvaluatorConfigRepository } from '../ports';

@Injectable()
export class DeleteEvaluatorConfigUseCase {
  constructor(private readonly configs: EvaluatorConfigRepository) {}

  async execute(actor: Actor, id: string): Promise<void> {
    if (!(await this.configs.delete(actor.projectId, id))) throw DomainError.notFound('evaluator config', id);
  }
}
