import { Injectable } from '@nestjs/common';
import { errorResult, findUntrustedInput, type Result, storableText } from '@crucible/domain';
import { CodeSandbox, LlmGateway, type SettingsCheck, WebhookClient } from '@crucible/application';
import { EvaluationFailure, type Evaluator, type EvaluatorContext } from './evaluator';
import {
  AiCritiqueEvaluator,
  containsAllEvaluator,
  containsAnyEvaluator,
  containsEvaluator,
  containsJsonEvaluator,
  CustomCodeEvaluator,
  endsWithEvaluator,
  exactMatchEvaluator,
  fieldMatchEvaluator,
  jsonDiffEvaluator,
  levenshteinDistanceEvaluator,
  ragAnswerRelevanceEvaluator,
  ragContextRelevanceEvaluator,
  ragFaithfulnessEvaluator,
  regexTestEvaluator,
  SemanticSimilarityEvaluator,
  similarityMatchEvaluator,
  startsWithEvaluator,
  toolCallMatchEvaluator,
  toolTrajectoryEvaluator,
  WebhookEvaluator,
} from './builtins';
import { validateEvaluatorSettings } from './settings/validate-evaluator-settings';
import { describeError } from './support/values';

/** Runs any built-in evaluator on one row. Never throws: every failure is an error Result stored with the row. */
@Injectable()
export class EvaluatorRunner {
  private readonly evaluators: ReadonlyMap<string, Evaluator>;
  private readonly checked = new WeakMap<object, { evaluatorKey: string; check: SettingsCheck }>();

  constructor(llm: LlmGateway, webhook: WebhookClient, sandbox: CodeSandbox) {
    const all: Evaluator[] = [
      exactMatchEvaluator,
      containsEvaluator,
      startsWithEvaluator,
      endsWithEvaluator,
      containsAnyEvaluator,
      containsAllEvaluator,
      regexTestEvaluator,
      containsJsonEvaluator,
      fieldMatchEvaluator,
      jsonDiffEvaluator,
      levenshteinDistanceEvaluator,
      similarityMatchEvaluator,
      new SemanticSimilarityEvaluator(llm),
      new AiCritiqueEvaluator(llm),
      new CustomCodeEvaluator(sandbox),
      new WebhookEvaluator(webhook),
      toolCallMatchEvaluator,
      toolTrajectoryEvaluator,
      ragFaithfulnessEvaluator(llm),
      ragContextRelevanceEvaluator(llm),
      ragAnswerRelevanceEvaluator(llm),
    ];
    this.evaluators = new Map(all.map((evaluator) => [evaluator.key, evaluator]));
  }

  /**
   * A run hands every row the same settings object of its pinned config, so it is checked once per run, not once
   * per row (for a regex that meant compiling the pattern on every row).
   */
  private checkedSettings(evaluatorKey: string, settings: unknown): SettingsCheck {
    if (typeof settings !== 'object' || settings === null) return validateEvaluatorSettings(evaluatorKey, settings);
    const known = this.checked.get(settings);
    if (known?.evaluatorKey === evaluatorKey) return known.check;
    const check = validateEvaluatorSettings(evaluatorKey, settings);
    this.checked.set(settings, { evaluatorKey, check });
    return check;
  }

  async evaluate(evaluatorKey: string, ctx: EvaluatorContext): Promise<Result> {
    try {
      const evaluator = this.evaluators.get(evaluatorKey);
      if (!evaluator) return errorResult(`Unknown evaluator key '${evaluatorKey}'`);
      // Validating again is idempotent for valid settings and fills defaults added since the config was saved.
      const validation = this.checkedSettings(evaluatorKey, ctx.settings);
      if (!validation.ok) {
        const details = validation.violations.map((violation) => `${violation.field.join('.')}: ${violation.reason}`).join('; ');
        return errorResult(`Invalid settings for ${evaluatorKey}: ${details}`);
      }
      const result = await evaluator.evaluate({
        projectId: ctx.projectId,
        onCost: ctx.onCost,
        retries: ctx.retries,
        inputs: ctx.inputs ?? {},
        output: ctx.output,
        trace: ctx.trace ?? null,
        correctAnswer: ctx.correctAnswer,
        groundTruthColumn: ctx.groundTruthColumn,
        appParams: ctx.appParams ?? {},
        settings: validation.settings,
      });
      // Stored with the row: custom code, a webhook or an LLM can answer a NUL byte, which would fail the whole write.
      const unstorable = findUntrustedInput(result);
      return unstorable ? errorResult(`${evaluatorKey} answered what cannot be stored: ${unstorable.reason}`) : result;
    } catch (error) {
      // Messages of failures can quote foreign text too.
      if (error instanceof EvaluationFailure) return errorResult(storableText(error.message));
      const stack = error instanceof Error && error.stack ? storableText(error.stack) : undefined;
      return errorResult(`${evaluatorKey} failed: ${storableText(describeError(error))}`, stack);
    }
  }
}
