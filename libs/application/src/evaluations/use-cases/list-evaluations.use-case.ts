import { Injectable } from '@nestjs/common';
import type { Actor, Evaluation } from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import type { Page, PageRequest } from '../../shared/page';

/** Without an app, every evaluation of the caller's project. */
@Injectable()
export class ListEvaluationsUseCase {
  constructor(private readonly evaluations: EvaluationRepository) {}

  /** Seed operation 1: without a limit, every evaluation. */
  execute(actor: Actor, appId: string | undefined, page: PageRequest): Promise<Page<Evaluation>> {
    return this.evaluations.listPage(actor.projectId, { appId }, page);
  }
}
