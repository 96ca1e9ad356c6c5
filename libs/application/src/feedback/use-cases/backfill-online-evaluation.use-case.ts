import { Injectable } from '@nestjs/common';
import { type Actor, DomainError } from '@crucible/domain';
import { OnlineEvaluationRepository } from '../ports';

/**
 * `POST /online-evaluations/{id}/backfill {from, to}`: the rule looks at the traces of its app that started in
 * [from, to) and it has not seen yet, as if they had just arrived (sampled and filtered the same way), paused or not.
 */
@Injectable()
export class BackfillOnlineEvaluationUseCase {
  constructor(private readonly rules: OnlineEvaluationRepository) {}

  async execute(actor: Actor, ruleId: string, from: Date, to: Date, now = new Date()): Promise<{ traces: number }> {
    if (!(from < to)) throw DomainError.invalidInput([{ field: ['to'], reason: 'must be later than from', rule: 'invalid_value' }]);
    const rule = await this.rules.findById(actor.projectId, ruleId);
    if (!rule) throw DomainError.notFound('online evaluation', ruleId);
    return { traces: await this.rules.backfill(rule, from, to, now) };
  }
}
