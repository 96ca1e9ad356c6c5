import { anError, bool, evaluatorFixture, num } from './testing/evaluator-fixture';
import { EVALUATOR_CATALOG } from './catalog/evaluator-catalog';
import type { EvaluatorContext } from './evaluator';
import { EvaluatorRunner } from './evaluator-runner';
import { CodeSandbox, LlmGateway, WebhookClient } from '@crucible/application';
import { findUntrustedInput } from '@crucible/domain';

describe('EvaluatorRunner', () => {
  it('is injectable with the port classes as DI tokens', () => {
    expect(Reflect.getMetadata('design:paramtypes', EvaluatorRunner)).toEqual([LlmGateway, WebhookClient, CodeSandbox]);
  });

  it('runs every evaluator of the catalog', async () => {
    const { run, webhook } = evaluatorFixture();
    webhook.route('http://127.0.0.1:1/hook', () => ({ score: 1 }));
    const required: Record<string, Record<string, unknown>> = {
      auto_contains: { substring: 'a' },
      auto_starts_with: { prefix: 'a' },
      auto_ends_with: { suffix: 'a' },
      auto_contains_any: { substrings: 'a' },
      auto_contains_all: { substrings: 'a' },
      auto_regex_test: { regex_pattern: 'a' },
      field_match_test: { json_field: 'a' },
      auto_webhook_test: { webhook_url: 'http://127.0.0.1:1/hook' },
      tool_call_match: { expected_tool_name: 'a' },
      tool_trajectory: { expected_tools: 'a' },
      rag_faithfulness: { contexts_column: 'docs' },
      rag_context_relevance: { contexts_column: 'docs' },
    };
    const trace = { trace_id: 't', latency_ms: 0, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 }, spans: [] };
    for (const { key } of EVALUATOR_CATALOG) {
      const result = await run(key, {
        inputs: { docs: 'a' }, output: '{"a": "a"}', correctAnswer: '{"a": "a"}', settings: required[key] ?? {}, trace,
      });
      expect({ key, type: result.type }).toEqual({ key, type: expect.stringMatching(/^(number|bool)$/) });
    }
  });

  it('answers an error Result for an unknown evaluator key', async () => {
    const { run } = evaluatorFixture();
    expect(await run('auto_telepathy')).toEqual(anError("Unknown evaluator key 'auto_telepathy'"));
  });

  it('answers an error Result listing every settings issue', async () => {
    const { run } = evaluatorFixture();
    const result = await run('auto_contains', { settings: { case_sensitive: 'maybe', colour: 'red' } });
    expect(result).toEqual(anError(/^Invalid settings for auto_contains: .*substring: Field required.*case_sensitive: Input should be a valid boolean.*colour: Extra inputs/));
  });

  it('applies defaults and lax forms of settings it is given', async () => {
    const { run } = evaluatorFixture();
    expect(await run('auto_contains', { output: 'ABC', settings: { substring: 'abc', case_sensitive: 'false' } })).toEqual(bool(true));
    expect(await run('auto_levenshtein_distance', { output: 'a', correctAnswer: 'b', settings: { threshold: null } })).toEqual(num(1));
  });

  it('never throws, even for a context missing its records', async () => {
    const { runner } = evaluatorFixture();
    const broken = { output: 'x', correctAnswer: 'x', settings: {} } as unknown as EvaluatorContext;
    await expect(runner.evaluate('auto_exact_match', broken)).resolves.toEqual(bool(true));
    const noSettings = { output: 'x', correctAnswer: 'x', settings: 'oops' } as unknown as EvaluatorContext;
    await expect(runner.evaluate('auto_exact_match', noSettings)).resolves.toEqual(anError(/valid dictionary/));
  });

  it('turns a port that throws synchronously into an error Result', async () => {
    const { runner, sandbox } = evaluatorFixture();
    jest.spyOn(sandbox, 'run').mockImplementation(() => {
      throw new TypeError('sandbox crashed');
    });
    const ctx = { projectId: 'p', inputs: {}, output: 'x', correctAnswer: 'x', appParams: {}, settings: {} };
    const result = await runner.evaluate('auto_custom_code_run', ctx);
    expect(result).toEqual(anError('The custom code failed: sandbox crashed'));
  });

  it('answers a Result the database can store, whatever a port answered or threw', async () => {
    const { runner, sandbox } = evaluatorFixture();
    const ctx = { projectId: 'p', inputs: {}, output: 'x', correctAnswer: 'x', appParams: {}, settings: {} };
    jest.spyOn(sandbox, 'run').mockImplementation(() => {
      throw new TypeError('bad \u0000 byte, cut emoji \ud83d');
    });
    const thrown = await runner.evaluate('auto_custom_code_run', ctx);
    expect(thrown).toEqual(anError('The custom code failed: bad \ufffd byte, cut emoji \ufffd'));
    expect(findUntrustedInput(thrown)).toBeUndefined();
  });
});
