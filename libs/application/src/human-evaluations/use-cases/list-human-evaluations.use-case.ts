import { Injectable } from '@nestjs/common';
import type { Actor, HumanEvaluation } from '@crucible/domain';
import { HumanEvaluationRepository } from '../ports';
import type { Page, PageRequest } from '../../shared/page';

@Injectable()
export class ListHumanEvaluationsUseCase {
  constructor(private readonly humanEvaluations: HumanEvaluationRepository) {}

  execute(actor: Actor, appId: string | undefined, page: PageRequest): Promise<Page<HumanEvaluation>> {
    return this.humanEvaluations.listPage(actor.projectId, { appId }, page);
  }
}
