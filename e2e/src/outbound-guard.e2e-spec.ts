import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import { redisConnection } from '@crucible/queue';
import { type RunningApi, startApi } from './support/api-harness';
import { type ExampleStack, EXACT_TEMPLATE, capitalRows, startCompletionExample } from './support/example-service';
import { QUICK_RATE_LIMIT, waitForTerminal } from './support/evaluation-fixtures';
import { type RecordingListener, startRecordingListener } from './support/recording-listener';
import { type RunnerProcess, startRunnerProcess } from './support/runner-process';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const OUTBOUND = (hosts: string[]) => ({ allowedPrivateHosts: hosts, maxResponseBytes: 10_000_000 });

/**
 * ARCHITECTURE §12 from the outside: the services a user may reach are named `localhost`; the "internal service"
 * on 127.0.0.1 must receive nothing, however its address is spelled and whatever redirects point at it.
 */
describe('outbound guard (embedded, PGlite)', () => {
  let api: RunningApi;
  let example: ExampleStack;
  let secret: RecordingListener;
  let redirector: RecordingListener;
  let appId: string;

  beforeAll(async () => {
    api = await startApi('pglite', { outbound: OUTBOUND(['localhost']) });
    example = await startCompletionExample();
    secret = await startRecordingListener();
    redirector = await startRecordingListener((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${secret.port}/secret` }).end();
    });
    appId = (await api.client.post('/apps', { app_name: 'guarded' })).body.app_id;
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await example?.close();
    await secret?.close();
    await redirector?.close();
  });

  const spellings = () => [
    `http://127.0.0.1:${secret.port}/secret`, `http://127.1:${secret.port}/secret`, `http://2130706433:${secret.port}/secret`,
    `http://0x7f000001:${secret.port}/secret`, `http://[::ffff:127.0.0.1]:${secret.port}/secret`,
    `http://0.0.0.0:${secret.port}/secret`, `http://169.254.169.254/latest/meta-data/`, `file:///etc/passwd`,
  ];

  it('refuses a webhook evaluator at an internal address with 422 naming the field, and calls nothing', async () => {
    for (const url of spellings()) {
      const response = await api.client.post('/evaluators/configs', {
        app_id: appId, name: `hook-${randomBytes(3).toString('hex')}`, evaluator_key: 'auto_webhook_test', settings_values: { webhook_url: url },
      });
      expect({ url, status: response.status }).toEqual({ url, status: 422 });
      expect(response.body.detail[0].loc).toEqual(['body', 'settings_values', 'webhook_url']);
    }
    expect((await api.client.get('/evaluators/configs')).body).toEqual([]);
    expect(secret.received).toEqual([]);
  });

  it('refuses a variant service at an internal address with 422 on url, without fetching its /openapi.json', async () => {
    for (const url of [...spellings(), `http://127.0.0.1:${secret.port}/secret?x=`]) {
      const response = await api.client.post(`/apps/${appId}/variant/from-service`, { variant_name: `v${randomBytes(3).toString('hex')}`, url });
      expect({ url, status: response.status }).toEqual({ url, status: 422 });
      expect(response.body.detail[0].loc).toEqual(['body', 'url']);
    }
    expect((await api.client.get(`/apps/${appId}/variants`)).body).toEqual([]);
    expect(secret.received).toEqual([]);
  });

  it("refuses the api's own listening socket even though its host is allowed", async () => {
    const { port } = api.app.getHttpServer().address() as AddressInfo;
    const response = await api.client.post('/evaluators/configs', {
      app_id: appId, name: 'self', evaluator_key: 'auto_webhook_test', settings_values: { webhook_url: `http://localhost:${port}/apps` },
    });
    expect(response.status).toBe(422);
    expect(response.body.detail[0].msg).toMatch(/own listening socket/);
  });

  it('never follows a redirect to an internal address, and keeps a query string from swallowing the path', async () => {
    // Allowed host, but its answer points at the internal service: the row fails, the internal service hears nothing.
    const variant = await api.client.post(`/apps/${appId}/variant/from-service`, {
      variant_name: 'redirecting', url: `http://localhost:${redirector.port}/svc?x=`, parameters: EXACT_TEMPLATE,
    });
    expect(variant.status).toBe(200);
    const revision = (await api.client.get(`/variants/${variant.body.variant_id}/revisions`)).body[0];
    const testset = (await api.client.post('/testsets', { name: 'one', csvdata: capitalRows(1), app_id: appId })).body;
    const exact = (await api.client.post('/evaluators/configs', {
      app_id: appId, name: 'exact', evaluator_key: 'auto_exact_match', settings_values: {},
    })).body;
    const [evaluation] = (await api.client.post('/evaluations', {
      app_id: appId, revisions_ids: [revision.id], evaluators_configs: [exact.id], testset_id: testset.id, rate_limit: QUICK_RATE_LIMIT,
    })).body;
    await waitForTerminal(api.client, evaluation.id);
    const [scenario] = (await api.client.get(`/evaluations/${evaluation.id}/evaluation_scenarios`)).body;
    expect(JSON.stringify(scenario)).toMatch(/answered 302 \(a redirect\); redirects are not followed/);
    // `?x=` stays a query: the appended path is never cut off.
    expect(redirector.received).toEqual(['POST /svc/playground/run?x=']);
    expect(secret.received).toEqual([]);
  }, 60_000);

  it('still reaches an allowed local service, and never shows credentials written into its URL', async () => {
    const url = example.service.url.replace('127.0.0.1', 'user:s3cret@localhost');
    const response = await api.client.post(`/apps/${appId}/variant/from-service`, { variant_name: 'allowed', url });
    expect(response.status).toBe(200);
    expect(response.body.uri).toBe(example.service.url.replace('127.0.0.1', 'localhost'));
    expect(JSON.stringify((await api.client.get(`/apps/${appId}/variants`)).body)).not.toContain('s3cret');
  });
});

describe('outbound guard (distributed: PostgreSQL, Redis, a runner process with its own allow-list)', () => {
  const queueName = `crucible-e2e-guard-${randomBytes(4).toString('hex')}`;
  let api: RunningApi;
  let runner: RunnerProcess;
  let example: ExampleStack;
  let secret: RecordingListener;

  beforeAll(async () => {
    // The api allows 127.0.0.1 (so it accepts the webhook); the runner allows only `localhost`: the refusal happens at run time.
    api = await startApi('postgres', {
      queue: { kind: 'bullmq', consume: false, redisUrl: REDIS_URL, queueName, concurrency: 1, lockDurationMs: 3000 },
      outbound: OUTBOUND(['localhost', '127.0.0.1']),
    });
    example = await startCompletionExample();
    secret = await startRecordingListener((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"score":1}'));
    const postgres = (api as RunningApi & { postgres?: { url: string } }).postgres!;
    runner = await startRunnerProcess({ databaseUrl: postgres.url, redisUrl: REDIS_URL, queueName, allowedPrivateHosts: 'localhost' });
  }, 90_000);
  afterAll(async () => {
    await runner?.stop();
    await api?.close();
    await example?.close();
    await secret?.close();
    const queue = new Queue(queueName, { connection: redisConnection(REDIS_URL) });
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('turns a webhook refused at run time into an error result with a clear message, and calls nothing', async () => {
    const client = api.client;
    const appId = (await client.post('/apps', { app_name: 'guarded-distributed' })).body.app_id;
    const variant = await client.post(`/apps/${appId}/variant/from-service`, {
      variant_name: 'completion', url: example.service.url.replace('127.0.0.1', 'localhost'), parameters: EXACT_TEMPLATE,
    });
    expect(variant.status).toBe(200);
    const revision = (await client.get(`/variants/${variant.body.variant_id}/revisions`)).body[0];
    const hook = await client.post('/evaluators/configs', {
      app_id: appId, name: 'hook', evaluator_key: 'auto_webhook_test', settings_values: { webhook_url: `http://127.0.0.1:${secret.port}/score` },
    });
    expect(hook.status).toBe(200);
    const testset = (await client.post('/testsets', { name: 'two', csvdata: capitalRows(2), app_id: appId })).body;
    const [evaluation] = (await client.post('/evaluations', {
      app_id: appId, revisions_ids: [revision.id], evaluators_configs: [hook.body.id], testset_id: testset.id, rate_limit: QUICK_RATE_LIMIT,
    })).body;
    await waitForTerminal(client, evaluation.id);
    const scenarios = (await client.get(`/evaluations/${evaluation.id}/evaluation_scenarios`)).body;
    expect(scenarios).toHaveLength(2);
    for (const scenario of scenarios) {
      expect(scenario.output).toBe(scenario.correct_answer);
      expect(scenario.results[0].result).toMatchObject({
        type: 'error', error: { message: expect.stringMatching(/Webhook refused: .*127\.0\.0\.1 is a loopback address/) },
      });
    }
    expect(secret.received).toEqual([]);
  }, 90_000);
});
