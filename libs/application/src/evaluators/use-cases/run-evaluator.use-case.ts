import { Injectable } from '@nestjs/common';
import { type Result, DomainError } from '@crucible/domain';
import { EvaluatorService } from '../ports';

export interface EvaluatorTrial {
  /** Whose connections an LLM judge uses. */
  projectId: string;
  evaluatorKey: string;
  settingsValues: Record<string, unknown>;
  inputs: Record<string, unknown>;
  output: unknown;
  correctAnswer: unknown;
  appParams: Record<string, unknown>;
}

/** Tries an evaluator on one sample before its config is saved (Agenta's `POST /evaluators/{key}/run`). */
@Injectable()
export class RunEvaluatorUseCase {
  constructor(private readonly evaluators: EvaluatorService) {}

  async execute(trial: EvaluatorTrial): Promise<Result> {
    const check = this.evaluators.validateSettings(trial.evaluatorKey, trial.settingsValues);
    if (!check.ok) {
      if (check.violations.some((violation) => violation.field[0] === 'evaluator_key')) throw DomainError.notFound('evaluator', trial.evaluatorKey);
      throw DomainError.invalidInput(check.violations);
    }
    return this.evaluators.evaluate(trial.evaluatorKey, {
      projectId: trial.projectId, inputs: trial.inputs, output: trial.output, correctAnswer: trial.correctAnswer, appParams: trial.appParams,
      settings: check.settings,
    });
  }
}
