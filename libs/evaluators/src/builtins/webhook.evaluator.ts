import { numberResult, type Result } from '@crucible/domain';
import type { WebhookClient } from '@crucible/application';
import { EvaluationFailure, type Evaluator, type EvaluatorContext } from '../evaluator';
import { asText, excerpt, isPlainObject, settingsReader, throughPort } from '../support/values';

export const WEBHOOK_TIMEOUT_MS = 10_000;

export class WebhookEvaluator implements Evaluator {
  readonly key = 'auto_webhook_test';

  constructor(private readonly webhook: WebhookClient) {}

  async evaluate(ctx: EvaluatorContext): Promise<Result> {
    const url = settingsReader(ctx.settings).string('webhook_url');
    // A missing ground truth is sent as null: the webhook decides whether it needs one.
    const body = { inputs: ctx.inputs, output: ctx.output, correct_answer: ctx.correctAnswer ?? null };
    const answer = await throughPort('The webhook call', () => this.webhook.post(url, body, WEBHOOK_TIMEOUT_MS));
    const score = isPlainObject(answer) ? answer['score'] : undefined;
    if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 1) {
      throw new EvaluationFailure(
        `The webhook must answer {"score": <number between 0 and 1>}, but answered ${excerpt(asText(answer))}`,
      );
    }
    return numberResult(score);
  }
}
