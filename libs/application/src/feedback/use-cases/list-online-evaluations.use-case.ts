import { Injectable } from '@nestjs/common';
import type { Actor, OnlineEvaluationRule, OnlineExecutionCounts } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';
import { OnlineEvaluationRepository } from '../ports';

export const NO_EXECUTIONS: OnlineExecutionCounts = { pending: 0, completed: 0, error: 0, skipped: 0 };

/** `GET /online-evaluations`: oldest first, one keyset page at a time (ARCHITECTURE §10), each with its executions per state. */
@Injectable()
export class ListOnlineEvaluationsUseCase {
  constructor(private readonly rules: OnlineEvaluationRepository) {}

  async execute(actor: Actor, page: PageRequest): Promise<Page<{ rule: OnlineEvaluationRule; counts: OnlineExecutionCounts }>> {
    const listed = await this.rules.list(actor.projectId, page);
    const counts = await this.rules.counts(actor.projectId, listed.items.map((rule) => rule.id));
    return { items: listed.items.map((rule) => ({ rule, counts: counts.get(rule.id) ?? NO_EXECUTIONS })), nextCursor: listed.nextCursor };
  }
}
