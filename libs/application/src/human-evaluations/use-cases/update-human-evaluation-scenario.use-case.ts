import { Injectable } from '@nestjs/common';
import {
  type Actor, type HumanEvaluationScenario, type HumanScenarioPatch, type SentMetricScore, type SentOutput, DomainError,
  checkJudgment, checkMetricScores,
  JUDGEABLE_HUMAN_STATUSES, mergeSentOutputs,
} from '@crucible/domain';
import { HumanEvaluationRepository } from '../ports';
import { GetHumanEvaluationUseCase } from './get-human-evaluation.use-case';

/** What a person sends; vote and score are checked against the kind of test, the rest by the transport. */
export interface HumanScenarioUpdate {
  vote?: unknown;
  score?: unknown;
  /** A multi-metric single-model test: one value per score config of the evaluation. */
  scores?: SentMetricScore[];
  correctAnswer?: string | null;
  isPinned?: boolean;
  note?: string | null;
  /** The outputs a client showed (Agenta's clients send them with each judgment). */
  outputs?: SentOutput[];
}

@Injectable()
export class UpdateHumanEvaluationScenarioUseCase {
  constructor(
    private readonly humanEvaluations: HumanEvaluationRepository,
    private readonly getEvaluation: GetHumanEvaluationUseCase,
  ) {}

  async execute(actor: Actor, input: { evaluationId: string; scenarioId: string; update: HumanScenarioUpdate }): Promise<HumanEvaluationScenario> {
    const { evaluationId, scenarioId, update } = input;
    const evaluation = await this.getEvaluation.execute(actor, evaluationId);
    const judgment = checkJudgment(evaluation, { vote: update.vote, score: update.score });
    const metrics = update.scores === undefined ? null : checkMetricScores(evaluation.metrics, update.scores);
    const violations = [...judgment.violations, ...(metrics?.violations ?? [])];
    if (violations.length > 0) throw DomainError.invalidInput(violations);
    const patch: HumanScenarioPatch = {
      ...('vote' in judgment ? { vote: judgment.vote } : {}),
      ...('score' in judgment ? { score: judgment.score } : {}),
      ...(metrics && Object.keys(metrics.scores).length > 0 ? { metricScores: metrics.scores } : {}),
      ...(update.correctAnswer !== undefined ? { correctAnswer: update.correctAnswer } : {}),
      ...(update.isPinned !== undefined ? { isPinned: update.isPinned } : {}),
      ...(update.note !== undefined ? { note: update.note } : {}),
      ...(update.outputs?.length ? { outputs: await this.mergedOutputs(actor, input) } : {}),
    };
    if (Object.keys(patch).length === 0) {
      throw DomainError.invalidInput([{
        field: [], reason: 'give at least one of vote, score, scores, correct_answer, is_pinned, note, outputs', rule: 'required',
      }]);
    }
    if (!JUDGEABLE_HUMAN_STATUSES.includes(evaluation.status)) throw this.notReady(evaluationId, evaluation.status);
    const judged = { ...patch, modifiedBy: actor.name, modifiedById: actor.id };
    const updated = await this.humanEvaluations.updateScenario(actor.projectId, evaluationId, scenarioId, judged);
    if (updated) return updated;
    // Nothing matched: either no such scenario, or the evaluation left READY (deleted) meanwhile.
    if (!(await this.humanEvaluations.findScenario(actor.projectId, evaluationId, scenarioId))) {
      throw DomainError.notFound('human evaluation scenario', scenarioId);
    }
    const current = await this.getEvaluation.execute(actor, evaluationId);
    throw this.notReady(evaluationId, current.status);
  }

  private async mergedOutputs(actor: Actor, input: { evaluationId: string; scenarioId: string; update: HumanScenarioUpdate }) {
    const scenario = await this.humanEvaluations.findScenario(actor.projectId, input.evaluationId, input.scenarioId);
    if (!scenario) throw DomainError.notFound('human evaluation scenario', input.scenarioId);
    return mergeSentOutputs(scenario.outputs, input.update.outputs ?? []);
  }

  private notReady(evaluationId: string, status: string): DomainError {
    return new DomainError('invalid_state', `human evaluation ${evaluationId} is ${status}; scenarios can be judged once it is EVALUATION_READY`);
  }
}
