import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EvaluatorRunner, type EvaluatorContext } from '@crucible/evaluators';
import { startMockLlmServer, type MockLlmServer } from '@crucible/mock-llm';
import { InMemoryConnectionCredentials, InMemoryModelPricing } from '@crucible/application/testing';
import { AiSdkLlmGateway, GuardedWebhookClient, IsolatedVmCodeSandbox, UndiciOutboundGuard } from './index';

describe('EvaluatorRunner with the real adapters', () => {
  let llm: MockLlmServer;
  let webhookServer: Server;
  let webhookUrl: string;
  let runner: EvaluatorRunner;

  const row = (ctx: Partial<EvaluatorContext>): EvaluatorContext => ({
    projectId: 'p1',
    inputs: { country: 'France' },
    output: 'Paris',
    correctAnswer: 'Paris',
    appParams: { temperature: 0.2 },
    settings: {},
    ...ctx,
  });

  beforeAll(async () => {
    llm = await startMockLlmServer();
    const app = express();
    app.use(express.json());
    app.post('/score', (req, res) => {
      const { inputs, output, correct_answer } = req.body;
      res.json({ score: output === correct_answer ? 1 : inputs.country === 'France' ? 0.5 : 0 });
    });
    app.post('/bad', (_req, res) => {
      res.json({ score: 'excellent' });
    });
    await new Promise<void>((resolve) => {
      webhookServer = app.listen(0, '127.0.0.1', () => resolve());
    });
    webhookUrl = `http://127.0.0.1:${(webhookServer.address() as AddressInfo).port}`;
    runner = new EvaluatorRunner(
      new AiSdkLlmGateway(
        new InMemoryConnectionCredentials().add('p1', { id: 'environment', name: 'environment', kind: 'openai', apiKey: 'sk-test', baseUrl: llm.url }), new InMemoryModelPricing(), {
        fetch: new UndiciOutboundGuard({ allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 1_000_000 }).fetch,
      }),
      new GuardedWebhookClient(new UndiciOutboundGuard({ allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 1_000_000 })),
      new IsolatedVmCodeSandbox(),
    );
  });

  afterAll(async () => {
    await llm.close();
    webhookServer.closeAllConnections();
    await new Promise((resolve) => webhookServer.close(resolve));
  });

  it('auto_ai_critique: the judge answers through the mock LLM and its score is parsed', async () => {
    const prompt_template = 'Country: {country}\nExpected: {ground_truth}\nAnswer: {prediction}\nMOCK_REPLY: I would give it 9/10.';
    expect(await runner.evaluate('auto_ai_critique', row({ settings: { prompt_template } }))).toEqual({ type: 'number', value: 9 });
    const unscored = await runner.evaluate('auto_ai_critique', row({ settings: { prompt_template: 'MOCK_REPLY: Looks great' } }));
    expect(unscored).toMatchObject({ type: 'error', error: { message: expect.stringContaining('"Looks great"') } });
  });

  it('auto_semantic_similarity: cosine of the mock embeddings', async () => {
    const same = await runner.evaluate('auto_semantic_similarity', row({ output: 'The capital is Paris', correctAnswer: 'the capital is paris' }));
    const other = await runner.evaluate('auto_semantic_similarity', row({ output: 'The capital is Paris', correctAnswer: 'Berlin it is not' }));
    expect(same.type).toBe('number');
    expect(same.value).toBeCloseTo(1);
    expect(other.value as number).toBeLessThan(same.value as number);
  });

  it('auto_custom_code_run: user code runs in isolated-vm', async () => {
    const code = `function evaluate(app_params, inputs, output, correct_answer) {
      return (output === correct_answer ? 1 : 0) - app_params.temperature + inputs.country.length / 100;
    }`;
    const result = await runner.evaluate('auto_custom_code_run', row({ settings: { code } }));
    expect(result.type).toBe('number');
    expect(result.value).toBeCloseTo(0.86);
    const escape = await runner.evaluate('auto_custom_code_run', row({ settings: { code: 'function evaluate() { return process.pid; }' } }));
    expect(escape).toMatchObject({ type: 'error', error: { message: 'The custom code failed: process is not defined' } });
  });

  it('auto_webhook_test: the score comes from a real HTTP webhook', async () => {
    const settings = { webhook_url: `${webhookUrl}/score` };
    expect(await runner.evaluate('auto_webhook_test', row({ settings }))).toEqual({ type: 'number', value: 1 });
    expect(await runner.evaluate('auto_webhook_test', row({ output: 'Lyon', settings }))).toEqual({ type: 'number', value: 0.5 });
    const bad = await runner.evaluate('auto_webhook_test', row({ settings: { webhook_url: `${webhookUrl}/bad` } }));
    expect(bad).toMatchObject({ type: 'error', error: { message: expect.stringContaining('"score":"excellent"') } });
    const missing = await runner.evaluate('auto_webhook_test', row({ settings: { webhook_url: `${webhookUrl}/nowhere` } }));
    expect(missing).toMatchObject({ type: 'error', error: { message: expect.stringContaining('answered 404') } });
  });
});
