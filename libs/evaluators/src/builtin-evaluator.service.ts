import { Injectable } from '@nestjs/common';
import type { Result } from '@crucible/domain';
import {
  CodeSandbox, type EvaluatorContext, type EvaluatorRequirements, EvaluatorService, LlmGateway, type SettingsCheck, WebhookClient,
} from '@crucible/application';
import { EVALUATOR_CATALOG } from './catalog/evaluator-catalog';
import { EvaluatorRunner } from './evaluator-runner';
import { validateEvaluatorSettings } from './settings/validate-evaluator-settings';
import { groundTruthColumn } from './settings/ground-truth-column';
import { evaluatorRequirements } from './settings/evaluator-requirements';

/** The built-in catalog behind the evaluation use cases' EvaluatorService port. */
@Injectable()
export class BuiltinEvaluatorService extends EvaluatorService {
  private readonly runner: EvaluatorRunner;

  constructor(llm: LlmGateway, webhook: WebhookClient, sandbox: CodeSandbox) {
    super();
    this.runner = new EvaluatorRunner(llm, webhook, sandbox);
  }

  catalog(): unknown[] {
    return [...EVALUATOR_CATALOG];
  }

  validateSettings(evaluatorKey: string, settings: Record<string, unknown>): SettingsCheck {
    // Stored as given: defaults are applied when the evaluator runs, so a later default reaches old configs.
    return validateEvaluatorSettings(evaluatorKey, settings, { applyDefaults: false });
  }

  evaluate(evaluatorKey: string, context: EvaluatorContext): Promise<Result> {
    return this.runner.evaluate(evaluatorKey, context);
  }

  groundTruthColumn(settings: Record<string, unknown>, evaluationDefault: string): string {
    return groundTruthColumn(settings, evaluationDefault);
  }

  requirements(evaluatorKey: string, settings: Record<string, unknown>, evaluationDefault: string): EvaluatorRequirements {
    return evaluatorRequirements(evaluatorKey, settings, evaluationDefault);
  }
}
