import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, type OnlineEvaluationRule, type OnlineExecutionCounts } from '@crucible/domain';
import { OnlineEvaluationRepository } from '../ports';
import { NO_EXECUTIONS } from './list-online-evaluations.use-case';

/** `GET /online-evaluations/{id}`: the rule with its executions per state. */
@Injectable()
export class GetOnlineEvaluationUseCase {
  constructor(private readonly rules: OnlineEvaluationRepository) {}

  async execute(actor: Actor, id: string): Promise<{ rule: OnlineEvaluationRule; counts: OnlineExecutionCounts }> {
    const rule = await this.rules.findById(actor.projectId, id);
    if (!rule) throw DomainError.notFound('online evaluation', id);
    return { rule, counts: (await this.rules.counts(actor.projectId, [id])).get(id) ?? NO_EXECUTIONS };
  }
}
