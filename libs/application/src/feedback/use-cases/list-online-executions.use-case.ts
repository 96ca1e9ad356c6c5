import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, type OnlineExecutionStatus } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';
import { type OnlineExecution, OnlineEvaluationRepository } from '../ports';

/** `GET /online-evaluations/{id}/executions?status=`: every trace the rule saw, in the order it saw them (§10). */
@Injectable()
export class ListOnlineExecutionsUseCase {
  constructor(private readonly rules: OnlineEvaluationRepository) {}

  async execute(actor: Actor, ruleId: string, status: OnlineExecutionStatus | undefined, page: PageRequest): Promise<Page<OnlineExecution>> {
    if (!(await this.rules.findById(actor.projectId, ruleId))) throw DomainError.notFound('online evaluation', ruleId);
    return this.rules.executions(actor.projectId, ruleId, status, page);
  }
}
