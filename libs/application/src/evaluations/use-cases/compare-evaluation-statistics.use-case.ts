import { Injectable } from '@nestjs/common';
import { type Actor, type Evaluation, type MetricComparison, DomainError, compareEvaluations } from '@crucible/domain';
import { EvaluationRepository } from '../ports';
import { findComparedEvaluations } from './compared-evaluations';

/** ARCHITECTURE §11: means with intervals, and each evaluation against the first with a paired test. */
@Injectable()
export class CompareEvaluationStatisticsUseCase {
  constructor(private readonly evaluations: EvaluationRepository) {}

  async execute(actor: Actor, ids: string[]): Promise<{ evaluations: Evaluation[]; metrics: MetricComparison[] }> {
    if (new Set(ids).size < 2) {
      throw DomainError.invalidInput([{
        field: ['evaluations_ids'], reason: 'name at least two different evaluations; the first is the baseline', rule: 'invalid_value',
      }]);
    }
    const evaluations = await findComparedEvaluations(this.evaluations, actor, ids);
    const scenarios = await this.evaluations.listScenariosOf(actor.projectId, evaluations.map((e) => e.id));
    return { evaluations, metrics: compareEvaluations(evaluations, scenarios) };
  }
}
