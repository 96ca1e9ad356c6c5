import { randomBytes } from 'node:crypto';
import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { type TestPostgres, createTestPostgres } from '@crucible/persistence';
import { type ApiProcess, spawnApiProcess, untilHealthy } from './support/api-process';
import { HttpClient } from './support/http-client';

const KEY = 'crc_e2e-api-servers-key-0123456789abcdef';

/** Two api servers (separate processes, not workers of one) on one PostgreSQL and one Redis, as behind a load balancer. */
describe('two api servers on one database', () => {
  let mock: MockLlmServer;
  let postgres: TestPostgres;
  const servers: ApiProcess[] = [];
  let [first, second] = [undefined, undefined] as unknown as [HttpClient, HttpClient];

  beforeAll(async () => {
    mock = await startMockLlmServer();
    postgres = await createTestPostgres();
    const env = {
      DATABASE_URL: postgres.url, CRUCIBLE_BOOTSTRAP_API_KEY: KEY, CRUCIBLE_SECRET_KEY: Buffer.alloc(32, 9).toString('base64'),
      CRUCIBLE_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
      REDIS_URL: process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379', QUEUE_NAME: `e2e-api-servers-${randomBytes(4).toString('hex')}`,
    };
    // One after the other: the second finds the schema migrated and the bootstrap key stored.
    for (let started = 0; started < 2; started++) {
      const server = await spawnApiProcess(env);
      servers.push(server);
      await untilHealthy(server);
    }
    [first, second] = servers.map((server) => new HttpClient(server.url, KEY)) as [HttpClient, HttpClient];
  }, 180_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await mock?.close();
    await postgres?.drop();
  });

  it('serves a deployment made through one server from the next call through the other', async () => {
    const connection = await first.post('/provider-connections', { name: 'mock', kind: 'openai_compatible', base_url: mock.url, api_key: 'k' });
    expect(connection.status).toBe(200);
    const app = await first.post('/apps', { app_name: 'behind-a-balancer' });
    const variantOf = async (reply: string) => (await first.post(`/apps/${app.body.app_id}/variant/from-service`, {
      variant_name: reply, url: 'crucible:builtin:completion:v1',
      parameters: { prompt: { messages: [{ role: 'user', content: `MOCK_REPLY: ${reply}` }], llm_config: { model: 'mock/gpt-4o-mini', connection_id: connection.body.id } } },
    })).body.variant_id as string;
    const deploy = async (variantId: string) => expect((await first.post('/environments/deploy', {
      app_id: app.body.app_id, environment_name: 'production', variant_id: variantId,
    })).status).toBe(200);
    const answerOfSecond = async () => (await second.post(`/apps/${app.body.app_id}/invoke`, { inputs: {} })).body.data;

    await deploy(await variantOf('before'));
    expect(await answerOfSecond()).toBe('before');
    expect(await answerOfSecond()).toBe('before'); // now held by the second server
    await deploy(await variantOf('after'));
    expect(await answerOfSecond()).toBe('after');
  });
});
