import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import { redisConnection } from '@crucible/queue';
import type { CrucibleClient } from '@crucible/client';
import { type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';
import { type ExampleStack, EXACT_TEMPLATE, capitalRows, startCompletionExample } from './support/example-service';
import { QUICK_RATE_LIMIT, evaluateOneRow, waitForTerminal } from './support/evaluation-fixtures';
import { type RecordingListener, startRecordingListener } from './support/recording-listener';
import { type RunnerProcess, startRunnerProcess } from './support/runner-process';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const OUTBOUND = (hosts: string[]) => ({ allowedPrivateHosts: hosts, maxResponseBytes: 10_000_000 });

/**
 * ARCHITECTURE §12 from the outside: the services a user may reach are named `localhost`; the "internal service"
 * on 127.0.0.1 must receive nothing, however its address is spelled and whatever redirects point at it.
 */
describe('outbound guard (embedded, PGlite)', () => {
  let server: RunningApi;
  let api: CrucibleClient;
  let example: ExampleStack;
  let secret: RecordingListener;
  let redirector: RecordingListener;
  let appId: string;

  beforeAll(async () => {
    server = await startApi('pglite', { outbound: OUTBOUND(['localhost']) });
    api = server.api;
    example = await startCompletionExample();
    secret = await startRecordingListener();
    redirector = await startRecordingListener((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${secret.port}/secret` }).end();
    });
    appId = (await ok(api.POST('/apps', { body: { app_name: 'guarded' } }))).app_id;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await example?.close();
    await secret?.close();
    await redirector?.close();
  });

  const ofApp = () => ({ params: { path: { app_id: appId } } });
  const addVariant = (body: { variant_name: string; url: string; parameters?: Record<string, unknown> }) =>
    answer(api.POST('/apps/{app_id}/variant/from-service', { ...ofApp(), body }));
  const addWebhook = (name: string, webhookUrl: string) => answer(api.POST('/evaluators/configs', {
    body: { app_id: appId, name, evaluator_key: 'auto_webhook_test', settings_values: { webhook_url: webhookUrl } },
  }));

  const spellings = () => [
    `http://127.0.0.1:${secret.port}/secret`, `http://127.1:${secret.port}/secret`, `http://2130706433:${secret.port}/secret`,
    `http://0x7f000001:${secret.port}/secret`, `http://[::ffff:127.0.0.1]:${secret.port}/secret`,
    `http://0.0.0.0:${secret.port}/secret`, `http://169.254.169.254/latest/meta-data/`, `file:///etc/passwd`,
  ];

  it('refuses a webhook evaluator at an internal address with 422 naming the field, and calls nothing', async () => {
    for (const url of spellings()) {
      const response = await addWebhook(`hook-${randomBytes(3).toString('hex')}`, url);
      expect({ url, status: response.status }).toEqual({ url, status: 422 });
      expect(response.body.detail[0].loc).toEqual(['body', 'settings_values', 'webhook_url']);
    }
    expect(await ok(api.GET('/evaluators/configs'))).toEqual([]);
    expect(secret.received).toEqual([]);
  });

  it('refuses a variant service at an internal address with 422 on url, without fetching its /openapi.json', async () => {
    for (const url of [...spellings(), `http://127.0.0.1:${secret.port}/secret?x=`]) {
      const response = await addVariant({ variant_name: `v${randomBytes(3).toString('hex')}`, url });
      expect({ url, status: response.status }).toEqual({ url, status: 422 });
      expect(response.body.detail[0].loc).toEqual(['body', 'url']);
    }
    expect(await ok(api.GET('/apps/{app_id}/variants', ofApp()))).toEqual([]);
    expect(secret.received).toEqual([]);
  });

  it("refuses the api's own listening socket even though its host is allowed", async () => {
    const { port } = server.app.getHttpServer().address() as AddressInfo;
    const response = await addWebhook('self', `http://localhost:${port}/apps`);
    expect(response.status).toBe(422);
    expect(response.body.detail[0].msg).toMatch(/own listening socket/);
  });

  it('never follows a redirect to an internal address, and keeps a query string from swallowing the path', async () => {
    // Allowed host, but its answer points at the internal service: the row fails, the internal service hears nothing.
    const variant = await addVariant({ variant_name: 'redirecting', url: `http://localhost:${redirector.port}/svc?x=`, parameters: EXACT_TEMPLATE });
    expect(variant.status).toBe(200);
    const [scenario] = (await evaluateOneRow(api, appId, variant.body.variant_id)).scenarios;
    expect(JSON.stringify(scenario)).toMatch(/answered 302 \(a redirect\); redirects are not followed/);
    // `?x=` stays a query: the appended path is never cut off.
    expect(redirector.received).toEqual(['POST /svc/playground/run?x=']);
    expect(secret.received).toEqual([]);
  }, 60_000);

  it('still reaches an allowed local service, and never shows credentials written into its URL', async () => {
    const url = example.service.url.replace('127.0.0.1', 'user:s3cret@localhost');
    const response = await addVariant({ variant_name: 'allowed', url });
    expect(response.status).toBe(200);
    expect(response.body.uri).toBe(example.service.url.replace('127.0.0.1', 'localhost'));
    expect(JSON.stringify(await ok(api.GET('/apps/{app_id}/variants', ofApp())))).not.toContain('s3cret');
  });
});

describe('outbound guard (distributed: PostgreSQL, Redis, a runner process with its own allow-list)', () => {
  const queueName = `crucible-e2e-guard-${randomBytes(4).toString('hex')}`;
  let server: RunningApi;
  let runner: RunnerProcess;
  let example: ExampleStack;
  let secret: RecordingListener;

  beforeAll(async () => {
    // The api allows 127.0.0.1 (so it accepts the webhook); the runner allows only `localhost`: the refusal happens at run time.
    server = await startApi('postgres', {
      queue: { kind: 'bullmq', redisUrl: REDIS_URL, queueName, concurrency: 1, lockDurationMs: 3000 },
      outbound: OUTBOUND(['localhost', '127.0.0.1']),
    });
    example = await startCompletionExample();
    secret = await startRecordingListener((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"score":1}'));
    const postgres = (server as RunningApi & { postgres?: { url: string } }).postgres!;
    runner = await startRunnerProcess({ databaseUrl: postgres.url, redisUrl: REDIS_URL, queueName, allowedPrivateHosts: 'localhost' });
  }, 90_000);
  afterAll(async () => {
    await runner?.stop();
    await server?.close();
    await example?.close();
    await secret?.close();
    const queue = new Queue(queueName, { connection: redisConnection(REDIS_URL) });
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('turns a webhook refused at run time into an error result with a clear message, and calls nothing', async () => {
    const api = server.api;
    const appId = (await ok(api.POST('/apps', { body: { app_name: 'guarded-distributed' } }))).app_id;
    const variant = await api.POST('/apps/{app_id}/variant/from-service', {
      params: { path: { app_id: appId } },
      body: { variant_name: 'completion', url: example.service.url.replace('127.0.0.1', 'localhost'), parameters: EXACT_TEMPLATE },
    });
    expect(variant.response.status).toBe(200);
    const [revision] = await ok(api.GET('/variants/{variant_id}/revisions', { params: { path: { variant_id: variant.data!.variant_id } } }));
    const hook = await api.POST('/evaluators/configs', {
      body: { app_id: appId, name: 'hook', evaluator_key: 'auto_webhook_test', settings_values: { webhook_url: `http://127.0.0.1:${secret.port}/score` } },
    });
    expect(hook.response.status).toBe(200);
    const testset = await ok(api.POST('/testsets', { body: { name: 'two', csvdata: capitalRows(2), app_id: appId } }));
    const [evaluation] = await ok(api.POST('/evaluations', {
      body: { app_id: appId, revisions_ids: [revision!.id], evaluators_configs: [hook.data!.id], testset_id: testset.id, rate_limit: QUICK_RATE_LIMIT },
    }));
    await waitForTerminal(api, evaluation!.id);
    const scenarios = await ok(api.GET('/evaluations/{evaluation_id}/evaluation_scenarios', { params: { path: { evaluation_id: evaluation!.id } } }));
    expect(scenarios).toHaveLength(2);
    for (const scenario of scenarios) {
      expect(scenario.output).toBe(scenario.correct_answer);
      expect(scenario.results[0]!.result).toMatchObject({
        type: 'error', error: { message: expect.stringMatching(/Webhook refused: .*127\.0\.0\.1 is a loopback address/) },
      });
    }
    expect(secret.received).toEqual([]);
  }, 90_000);
});
