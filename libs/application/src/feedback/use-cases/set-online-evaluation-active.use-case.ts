import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, type OnlineEvaluationRule, type OnlineExecutionCounts, manualPauseReason } from '@crucible/domain';
import { OnlineEvaluationRepository } from '../ports';
import { NO_EXECUTIONS } from './list-online-evaluations.use-case';

/**
 * `PATCH /online-evaluations/{id} {active}`: a paused rule marks the traces arriving meanwhile `skipped: paused` and says
 * who paused it; resuming forgets why. Asking for the state a rule is in already changes nothing (a self-paused rule
 * paused again keeps saying why it paused itself).
 */
@Injectable()
export class SetOnlineEvaluationActiveUseCase {
  constructor(private readonly rules: OnlineEvaluationRepository) {}

  async execute(actor: Actor, id: string, active: boolean, now = new Date()): Promise<{ rule: OnlineEvaluationRule; counts: OnlineExecutionCounts }> {
    const current = await this.rules.findById(actor.projectId, id);
    if (!current) throw DomainError.notFound('online evaluation', id);
    const rule = current.active === active ? current : await this.rules.setActive(actor.projectId, id, active, manualPauseReason(actor.name, now), now);
    if (!rule) throw DomainError.notFound('online evaluation', id);
    return { rule, counts: (await this.rules.counts(actor.projectId, [id])).get(id) ?? NO_EXECUTIONS };
  }
}
