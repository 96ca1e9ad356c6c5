import type { Result } from '@crucible/domain';
import { InMemoryCodeSandbox, InMemoryLlmGateway, InMemoryWebhookClient } from '@crucible/application/testing';
import type { EvaluatorContext } from '../evaluator';
import { EvaluatorRunner } from '../evaluator-runner';

/** A runner over the in-memory ports; `run` takes the settings as a user would save them (defaults not applied). */
export function evaluatorFixture() {
  const llm = new InMemoryLlmGateway();
  const webhook = new InMemoryWebhookClient();
  const sandbox = new InMemoryCodeSandbox();
  const runner = new EvaluatorRunner(llm, webhook, sandbox);
  const run = (key: string, ctx: Partial<EvaluatorContext> = {}): Promise<Result> =>
    runner.evaluate(key, { projectId: 'project-1', inputs: {}, output: '', correctAnswer: undefined, appParams: {}, settings: {}, ...ctx });
  return { llm, webhook, sandbox, runner, run };
}

export const bool = (value: boolean): Result => ({ type: 'bool', value });
export const num = (value: number): Result => ({ type: 'number', value });
export const anError = (message: string | RegExp = /.+/): Result =>
  expect.objectContaining({
    type: 'error',
    value: null,
    error: expect.objectContaining({ message: expect.stringMatching(message) }),
  });
