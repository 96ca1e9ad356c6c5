import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { type TestPostgres, createTestPostgres } from '@crucible/persistence';
import { type ApiProcess, spawnApiProcess, untilHealthy } from './support/api-process';
import { HttpClient } from './support/http-client';
import { waitFor } from './support/wait-for';

const KEY = 'crc_e2e-api-workers-key-0123456789abcdef';
const MASTER_KEY = Buffer.alloc(32, 7).toString('base64');
/** Calls on fresh connections: the primary hands connections to the workers in turn. */
const CALLS = 8;

interface LogLine {
  pid: number;
  msg: string;
  req?: { url?: string };
}

const logLines = (output: string): LogLine[] => output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as LogLine);

/**
 * A call on a connection of its own (no keep-alive), so that consecutive calls reach different workers; from
 * `localAddress` when given (any 127.x.y.z reaches the api on Linux), so that one test's requests per address do not
 * count against another's.
 */
function callOnNewConnection(
  method: string, url: string, path: string, body: unknown, headers: Record<string, string>, localAddress?: string,
): Promise<{ status: number; body: { data?: unknown } }> {
  return new Promise((resolve, reject) => {
    const options = { method, agent: false, localAddress, headers: { 'content-type': 'application/json', ...headers } };
    const call = request(`${url}${path}`, options, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as { data?: unknown } }));
    });
    call.on('error', reject);
    call.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const postOnNewConnection = (url: string, path: string, body: unknown, headers: Record<string, string>, localAddress?: string) =>
  callOnNewConnection('POST', url, path, body, headers, localAddress);

/** One gateway call on a connection of its own. */
const invokeOnNewConnection = (url: string, appId: string) =>
  postOnNewConnection(url, `/apps/${appId}/invoke`, { inputs: {} }, { authorization: `ApiKey ${KEY}` });

/** CRUCIBLE_API_WORKERS in distributed mode: several api processes on one port, their gateway caches kept in step. */
describe('the api with two workers on PostgreSQL and Redis', () => {
  let mock: MockLlmServer;
  let postgres: TestPostgres;
  let api: ApiProcess;
  let client: HttpClient;

  beforeAll(async () => {
    mock = await startMockLlmServer();
    postgres = await createTestPostgres();
    api = await spawnApiProcess({
      DATABASE_URL: postgres.url, CRUCIBLE_API_WORKERS: '2', CRUCIBLE_BOOTSTRAP_API_KEY: KEY, CRUCIBLE_SECRET_KEY: MASTER_KEY,
      CRUCIBLE_ALLOWED_PRIVATE_HOSTS: '127.0.0.1', LOG_LEVEL: 'info',
      REDIS_URL: process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379', QUEUE_NAME: `e2e-api-workers-${randomBytes(4).toString('hex')}`,
    });
    await untilHealthy(api);
    client = new HttpClient(api.url, KEY);
  }, 180_000);
  afterAll(async () => {
    await api?.stop();
    await mock?.close();
    await postgres?.drop();
  });

  const listeningPids = () => new Set(logLines(api.output()).filter((line) => line.msg.startsWith('Crucible api listening')).map((line) => line.pid));
  /** The processes that served the CALLS requests to `path` logged after line `servedBefore` (one access-log line each). */
  const servingPids = (servedBefore: number, path: string) => waitFor('the access log of the calls', async () => {
    const lines = logLines(api.output()).slice(servedBefore).filter((line) => line.req?.url?.endsWith(path));
    return lines.length === CALLS ? new Set(lines.map((line) => line.pid)) : undefined;
  }, 10_000);

  it('serves from two worker processes, and a deploy on one is seen by the next call on every one', async () => {
    await waitFor('both workers listening', async () => (listeningPids().size === 2 ? true : undefined), 60_000);
    expect(listeningPids().has(api.child.pid!)).toBe(false);

    const connection = await client.post('/provider-connections', { name: 'mock', kind: 'openai_compatible', base_url: mock.url, api_key: 'k' });
    expect(connection.status).toBe(200);
    const app = await client.post('/apps', { app_name: 'workers' });
    const variantOf = async (reply: string) => (await client.post(`/apps/${app.body.app_id}/variant/from-service`, {
      variant_name: reply, url: 'crucible:builtin:completion:v1',
      parameters: { prompt: { messages: [{ role: 'user', content: `MOCK_REPLY: ${reply}` }], llm_config: { model: 'mock/gpt-4o-mini', connection_id: connection.body.id } } },
    })).body.variant_id as string;
    const first = await variantOf('first');
    const second = await variantOf('second');
    const deploy = async (variantId: string) => expect((await client.post('/environments/deploy', {
      app_id: app.body.app_id, environment_name: 'production', variant_id: variantId,
    })).status).toBe(200);
    const answers = async () => {
      const replies: unknown[] = [];
      for (let call = 0; call < CALLS; call++) replies.push((await invokeOnNewConnection(api.url, app.body.app_id)).body.data);
      return replies;
    };

    await deploy(first);
    expect(await answers()).toEqual(Array(CALLS).fill('first'));
    await deploy(second);
    const servedBefore = logLines(api.output()).length;
    expect(await answers()).toEqual(Array(CALLS).fill('second'));
    // Both workers answered after the deploy (from the access log: one line per request, with its process).
    expect(await servingPids(servedBefore, '/invoke')).toEqual(listeningPids());
  });

  it('calls through a changed provider connection from the next call on every worker', async () => {
    await waitFor('both workers listening', async () => (listeningPids().size === 2 ? true : undefined), 60_000);
    const connection = await client.post('/provider-connections', { name: 'changing', kind: 'openai_compatible', base_url: mock.url, api_key: 'k' });
    const app = await client.post('/apps', { app_name: 'connection-change' });
    const variant = await client.post(`/apps/${app.body.app_id}/variant/from-service`, {
      variant_name: 'v', url: 'crucible:builtin:completion:v1',
      parameters: { prompt: { messages: [{ role: 'user', content: 'MOCK_REPLY: fine' }], llm_config: { model: 'changing/gpt-4o-mini', connection_id: connection.body.id } } },
    });
    expect((await client.post('/environments/deploy', { app_id: app.body.app_id, environment_name: 'production', variant_id: variant.body.variant_id })).status).toBe(200);
    const statuses = async () => {
      const answered: number[] = [];
      for (let call = 0; call < CALLS; call++) answered.push((await invokeOnNewConnection(api.url, app.body.app_id)).status);
      return answered;
    };
    const servedBefore = logLines(api.output()).length;
    expect(await statuses()).toEqual(Array(CALLS).fill(200));
    // Both workers hold the connection now (each keeps a project's connections for a few seconds).
    expect(await servingPids(servedBefore, '/invoke')).toEqual(listeningPids());

    const moved = await client.request('PATCH', `/provider-connections/${connection.body.id}`, { base_url: 'http://127.0.0.1:9/v1' });
    expect(moved.status).toBe(200);
    expect((await statuses()).filter((status) => status === 200)).toEqual([]);
  });

  it('runs the trace store\'s periodic job in one worker only', async () => {
    const said = await waitFor('each worker saying whether it runs the trace job', async () => {
      const lines = logLines(api.output()).filter((line) => line.msg.includes('runs the trace store\'s periodic job'));
      return new Set(lines.map((line) => line.pid)).size === 2 ? lines : undefined;
    }, 30_000);
    const runners = said.filter((line) => line.msg.startsWith('this api process runs')).map((line) => line.pid);
    expect(runners).toHaveLength(1);
    expect(listeningPids().has(runners[0]!)).toBe(true);
    expect(said.filter((line) => line.msg.startsWith('another api process runs'))).toHaveLength(1);
  });

  it('counts failed sign-ins for an email across the workers: the eleventh is refused, whichever worker took the ten', async () => {
    await waitFor('both workers listening', async () => (listeningPids().size === 2 ? true : undefined), 60_000);
    const servedBefore = logLines(api.output()).length;
    const signIn = (password: string) => postOnNewConnection(api.url, '/auth/sign-in', { email: 'mallory@example.com', password }, { origin: api.url });
    for (let attempt = 1; attempt <= 10; attempt += 1) expect((await signIn(`guess ${attempt}`)).status).toBe(401);
    const servers = await waitFor('the access log of the sign-ins', async () => {
      const lines = logLines(api.output()).slice(servedBefore).filter((line) => line.req?.url === '/auth/sign-in');
      return lines.length === 10 ? new Set(lines.map((line) => line.pid)) : undefined;
    }, 10_000);
    expect(servers.size).toBe(2);
    expect((await signIn('guess 11')).status).toBe(429);
    expect((await signIn('guess 12')).status).toBe(429);
  });

  it('counts requests to sign in per address across the workers: the 51st in a minute is refused, whichever worker took the 50', async () => {
    await waitFor('both workers listening', async () => (listeningPids().size === 2 ? true : undefined), 60_000);
    const servedBefore = logLines(api.output()).length;
    // Another email each time, so that only the limit per address (50 a minute, ARCHITECTURE §17) can refuse.
    const signIn = (attempt: number, from: string) =>
      postOnNewConnection(api.url, '/auth/sign-in', { email: `visitor-${attempt}@example.com`, password: 'guess' }, { origin: api.url }, from);
    for (let attempt = 1; attempt <= 50; attempt += 1) expect((await signIn(attempt, '127.0.0.2')).status).toBe(401);
    const servers = await waitFor('the access log of the sign-ins', async () => {
      const lines = logLines(api.output()).slice(servedBefore).filter((line) => line.req?.url === '/auth/sign-in');
      return lines.length === 50 ? new Set(lines.map((line) => line.pid)) : undefined;
    }, 10_000);
    expect(servers.size).toBe(2);
    expect((await signIn(51, '127.0.0.2')).status).toBe(429);
    expect((await signIn(52, '127.0.0.2')).status).toBe(429);
    expect((await signIn(53, '127.0.0.3')).status).toBe(401);
  });

  it('refuses a revoked key at its next request in every worker, not seconds later', async () => {
    await waitFor('both workers listening', async () => (listeningPids().size === 2 ? true : undefined), 60_000);
    const projectId = (await client.get('/projects/current')).body.project_id as string;
    const issued = await client.post(`/projects/${projectId}/api-keys`, { name: 'short-lived', role: 'viewer' });
    expect(issued.status).toBe(200);
    const listApps = () => callOnNewConnection('GET', api.url, '/apps', undefined, { authorization: `ApiKey ${issued.body.key}` });
    const statuses = async () => {
      const answered: number[] = [];
      for (let call = 0; call < CALLS; call++) answered.push((await listApps()).status);
      return answered;
    };
    const servedBefore = logLines(api.output()).length;
    expect(await statuses()).toEqual(Array(CALLS).fill(200));
    // Both workers hold the key now (each remembers a key it found for a few seconds).
    expect(await servingPids(servedBefore, '/apps')).toEqual(listeningPids());

    expect((await client.request('DELETE', `/projects/${projectId}/api-keys/${issued.body.id}`)).status).toBe(204);
    expect(await statuses()).toEqual(Array(CALLS).fill(401));
  });

  it('stops every worker gracefully on SIGTERM', async () => {
    const workers = [...listeningPids()];
    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  });
});

describe('the api asked for two workers on the embedded database', () => {
  let api: ApiProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'crucible-e2e-workers-'));
    api = await spawnApiProcess({ CRUCIBLE_DATA_DIR: dataDir, CRUCIBLE_API_WORKERS: '2', CRUCIBLE_BOOTSTRAP_API_KEY: KEY });
    await untilHealthy(api);
  }, 180_000);
  afterAll(async () => {
    await api?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says why it runs one process, and serves from it', async () => {
    const warning = logLines(api.output()).find((line) => line.msg.startsWith('CRUCIBLE_API_WORKERS=2 ignored'));
    expect(warning).toMatchObject({ pid: api.child.pid, msg: expect.stringContaining('the embedded database (PGlite) lives in one process') });
    expect((await new HttpClient(api.url, KEY).get('/apps')).status).toBe(200);
  });
});
