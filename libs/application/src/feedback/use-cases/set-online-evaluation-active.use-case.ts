import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, type OnlineEvaluationRule, type OnlineExecutionCounts } from '@crucible/domain';
import { OnlineEvaluationRepository } from '../ports';
import { NO_EXECUTIONS } from './list-online-evaluations.use-case';

/** `PATCH /online-evaluations/{id} {active}`: a paused rule marks the traces arriving meanwhile `skipped: paused`. */
@Injectable()
export class SetOnlineEvaluationActiveUseCase {
  constructor(private readonly rules: OnlineEvaluationRepository) {}

  async execute(actor: Actor, id: string, active: boolean, now = new Date()): Promise<{ rule: OnlineEvaluationRule; counts: OnlineExecutionCounts }> {
    const rule = await this.rules.setActive(actor.projectId, id, active, now);
    if (!rule) throw DomainError.notFound('online evaluation', id);
    return { rule, counts: (await this.rules.counts(actor.projectId, [id])).get(id) ?? NO_EXECUTIONS };
  }
}
