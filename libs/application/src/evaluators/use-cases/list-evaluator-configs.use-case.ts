import { Injectable } from '@nestjs/common';
import type { Actor, EvaluatorConfig } from '@crucible/domain';
import { EvaluatorConfigRepository } from '../ports';
import type { Page, PageRequest } from '../../shared/page';

@Injectable()
export class ListEvaluatorConfigsUseCase {
  constructor(private readonly configs: EvaluatorConfigRepository) {}

  execute(actor: Actor, appId: string | undefined, page: PageRequest): Promise<Page<EvaluatorConfig>> {
    return this.configs.list(actor.projectId, appId, page);
  }
}
