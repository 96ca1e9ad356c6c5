import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { ProviderConnectionRepository } from '@crucible/application';
import { answer, ok } from './support/api-answers';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { overrideEnvironment } from './support/process-environment';

const SECRET = 'sk-live-PLAINTEXT-never-stored-7f3a9c1d';
const MOCK_KEY = 'sk-mock-accepted-key-0123';
const WRONG = 'sk-wrong-key-PLAINTEXT-5e8b';
const ENV_KEY = 'sk-environment-key-from-openai-env-42ab';
const OUTBOUND = { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 };
const MASTER_KEY = Buffer.alloc(32, 7).toString('base64');

/** Every file under a directory, read as bytes and searched for the text (PGlite's pages, WAL and all). */
function filesHolding(dir: string, text: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    if (statSync(path).isFile() && readFileSync(path).includes(text)) found.push(name);
  }
  return found;
}

describe.each<Engine>(['pglite', 'postgres'])('provider connections on %s', (engine) => {
  let server: RunningApi & { postgres?: { url: string; drop(): Promise<void> } };
  let mock: MockLlmServer;
  let dataDir: string;
  const lines: string[] = [];
  let restoreEnvironment = (): void => undefined;

  beforeAll(async () => {
    mock = await startMockLlmServer({ apiKey: MOCK_KEY });
    dataDir = mkdtempSync(join(tmpdir(), 'crucible-pconn-'));
    // Embedded mode generates its key into the data directory; distributed mode needs one given.
    restoreEnvironment = overrideEnvironment({ OPENAI_API_KEY: ENV_KEY, ...(engine === 'postgres' ? { CRUCIBLE_SECRET_KEY: MASTER_KEY } : {}) });
    const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(line) });
    server = await startApi(engine, { dataDir, outbound: OUTBOUND, logger });
  });

  afterAll(async () => {
    await server?.close();
    await mock?.close();
    rmSync(dataDir, { recursive: true, force: true });
    restoreEnvironment();
  });

  const listed = async () => ok(server.api.GET('/provider-connections'));
  const projectId = async () => (await ok(server.api.GET('/projects/current'))).project_id;

  it('lists the kinds with their fields', async () => {
    const body = await ok(server.api.GET('/providers'));
    expect(body.map((kind) => kind.kind)).toEqual([
      'openai', 'anthropic', 'azure_openai', 'gemini', 'mistral', 'groq', 'openrouter', 'together_ai', 'ollama', 'openai_compatible',
    ]);
    expect(body.find((kind) => kind.kind === 'anthropic')).toMatchObject({
      name: 'Anthropic', default_base_url: 'https://api.anthropic.com/v1', fields: expect.arrayContaining([{ name: 'api_key', required: true, secret: true }]),
    });
    expect(body.find((kind) => kind.kind === 'openai_compatible')).toMatchObject({
      default_base_url: null, fields: expect.arrayContaining([{ name: 'base_url', required: true, secret: false }]),
    });
  });

  it('makes a connection, shows only the hint of its key, and tests it against the mock', async () => {
    const { api } = server;
    const created = await ok(api.POST('/provider-connections', {
      body: { name: 'local', kind: 'openai_compatible', base_url: mock.url, api_key: SECRET },
    }));
    expect(created).toMatchObject({
      name: 'local', kind: 'openai_compatible', base_url: mock.url, api_key_hint: '…9c1d', read_only: false, created_by: expect.any(String),
    });
    expect(JSON.stringify(created)).not.toContain(SECRET);
    const path = { params: { path: { connection_id: created.id } } };
    // The mock wants another key: the stored one is refused, by the mock's status and message.
    const refused = await ok(api.POST('/provider-connections/{connection_id}/test', path));
    expect(refused).toMatchObject({ ok: false, error: { status: 401, message: expect.stringMatching(/Incorrect API key/) } });
    expect(JSON.stringify(refused)).not.toContain(SECRET);

    const patched = await ok(api.PATCH('/provider-connections/{connection_id}', { ...path, body: { api_key: MOCK_KEY } }));
    expect(patched).toMatchObject({ api_key_hint: '…0123', name: 'local' });
    const tested = await ok(api.POST('/provider-connections/{connection_id}/test', path));
    expect(tested).toMatchObject({ ok: true, latency_ms: expect.any(Number), models: expect.arrayContaining(['gpt-4o-mini']) });
    expect(await ok(api.GET('/provider-connections/{connection_id}', path))).toMatchObject({ id: created.id, api_key_hint: '…0123' });
    // What the server listed is kept for the model catalog, as `<connection name>/<model>` there.
    const kept = await server.app.get(ProviderConnectionRepository).listedModels(await projectId());
    expect(kept).toEqual([expect.objectContaining({ connectionId: created.id, connectionName: 'local', models: expect.arrayContaining(['gpt-4o-mini']) })]);
  });

  it('reports a refused key as ok:false with the provider status (anthropic headers)', async () => {
    const created = await server.client.request('POST', '/provider-connections', { name: 'claude', kind: 'anthropic', base_url: mock.url, api_key: WRONG });
    expect(created.status).toBe(200);
    const tested = await server.client.request('POST', `/provider-connections/${created.body.id}/test`);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ ok: false, latency_ms: expect.any(Number), error: { status: 401 } });
    expect(tested.body.error.message.length).toBeLessThanOrEqual(201);
    expect(JSON.stringify(tested.body)).not.toContain(WRONG);
    await server.client.request('PATCH', `/provider-connections/${created.body.id}`, { api_key: MOCK_KEY });
    expect((await server.client.request('POST', `/provider-connections/${created.body.id}/test`)).body).toMatchObject({ ok: true });
  });

  it('shows the OPENAI_* fallback as the read-only environment connection', async () => {
    const all = await listed();
    expect(all.at(-1)).toMatchObject({ id: 'environment', name: 'environment', kind: 'openai', read_only: true, api_key_hint: '…42ab' });
    const environment = { params: { path: { connection_id: 'environment' } } };
    expect(await ok(server.api.GET('/provider-connections/{connection_id}', environment))).toMatchObject({ id: 'environment', read_only: true });
    const renamed = await answer(server.api.PATCH('/provider-connections/{connection_id}', { ...environment, body: { name: 'x' } }));
    expect(renamed).toMatchObject({ status: 409, body: { detail: expect.stringMatching(/read-only/) } });
    expect((await answer(server.api.DELETE('/provider-connections/{connection_id}', environment))).status).toBe(409);
    expect(JSON.stringify(all)).not.toContain(ENV_KEY);
  });

  it('refuses bad input naming the field, and stores nothing', async () => {
    const before = (await listed()).length;
    const attempts: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ name: 'x', kind: 'skynet', api_key: SECRET }, 422, /kind/],
      [{ name: 'x', kind: 'openai' }, 422, /api_key/],
      [{ name: 'x', kind: 'openai_compatible', api_key: SECRET }, 422, /base_url/],
      [{ name: 'x', kind: 'openai', api_key: SECRET, base_url: 'http://169.254.169.254/v1' }, 422, /base_url/],
      [{ name: 'x', kind: 'openai', api_key: SECRET, base_url: 'file:///etc/passwd' }, 422, /base_url/],
      [{ name: 'x', kind: 'openai_compatible', base_url: `http://user:${SECRET}@127.0.0.1:1/v1` }, 422, /base_url/],
      [{ name: 'local', kind: 'openai', api_key: SECRET }, 409, /local/],
      [{ name: 'environment', kind: 'openai', api_key: SECRET }, 422, /name/],
      [{ name: '  ', kind: 'openai', api_key: SECRET }, 422, /name/],
      [{ name: 'x', kind: 'openai', api_key: `${SECRET}\r\nx-injected: 1` }, 422, /api_key/],
    ];
    for (const [body, status, field] of attempts) {
      const answer = await server.client.request('POST', '/provider-connections', body);
      expect([body.name, answer.status]).toEqual([body.name, status]);
      expect(JSON.stringify(answer.body.detail)).toMatch(field);
      expect(JSON.stringify(answer.body)).not.toContain(SECRET);
    }
    expect((await listed()).length).toBe(before);
    const first = (await listed())[0]!;
    const taken = await answer(server.api.PATCH('/provider-connections/{connection_id}', { params: { path: { connection_id: first.id } }, body: { name: 'claude' } }));
    expect(taken).toMatchObject({ status: 409, body: { detail: expect.stringMatching(/claude/) } });
    expect((await server.client.request('GET', '/provider-connections/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await server.client.request('GET', '/provider-connections/not-an-id')).status).toBe(404);
  });

  it('refuses to delete a connection an evaluator config uses, naming the config', async () => {
    const created = await server.client.request('POST', '/provider-connections', { name: 'to-delete', kind: 'openai', api_key: SECRET });
    const config = await server.client.request('POST', '/evaluators/configs', {
      name: 'judge-using-it', evaluator_key: 'auto_ai_critique',
      settings_values: { prompt_template: 'Rate {{output}}', connection_id: created.body.id, model: 'openai/gpt-4o-mini' },
    });
    expect(config.status).toBe(200);
    const refused = await server.client.request('DELETE', `/provider-connections/${created.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('judge-using-it');
    expect(refused.body.detail).toContain('"to-delete"');
    await server.client.request('DELETE', `/evaluators/configs/${config.body.id}`);
    expect((await server.client.request('DELETE', `/provider-connections/${created.body.id}`)).status).toBe(200);
    expect((await server.client.request('GET', `/provider-connections/${created.body.id}`)).status).toBe(404);
  });

  it('keeps every key out of the database files and the log', async () => {
    // The api logged at debug level through all of the above.
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of [SECRET, WRONG, MOCK_KEY, ENV_KEY]) expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    if (engine === 'postgres') {
      const dump = execFileSync('pg_dump', ['-d', server.postgres!.url], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
      expect(dump).toContain('provider_connections');
      expect(dump).toContain('…0123');
      for (const secret of [SECRET, WRONG, MOCK_KEY]) expect(dump).not.toContain(secret);
    } else {
      expect(statSync(join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
      await server.client.request('POST', '/provider-connections', { name: 'late', kind: 'openai', api_key: SECRET });
      await server.app.close();
      expect(filesHolding(dataDir, '…0123'.slice(1)).length).toBeGreaterThan(0);
      for (const secret of [SECRET, WRONG, MOCK_KEY]) expect(filesHolding(dataDir, secret)).toEqual([]);
    }
  });
});
