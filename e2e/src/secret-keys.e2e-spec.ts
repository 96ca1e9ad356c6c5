import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';
import { type TestPostgres, createTestPostgres } from '@crucible/persistence';
import { type Engine, startApi } from './support/api-harness';
import { spawnApiProcess } from './support/api-process';
import { cliEnvironment, runCli } from './support/crucible-cli';

const MOCK_KEY = 'sk-mock-rotation-key-9a8b';
const OUTBOUND = { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 };
const newKey = () => randomBytes(32).toString('base64');

function setKeys(current: string | undefined, previous?: string): void {
  for (const [name, value] of [['CRUCIBLE_SECRET_KEY', current], ['CRUCIBLE_SECRET_KEY_PREVIOUS', previous]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

describe.each<Engine>(['pglite', 'postgres'])('master keys and rotation on %s', (engine) => {
  let mock: MockLlmServer;
  let dataDir: string;
  let postgres: TestPostgres | undefined;
  let oldKey: string;
  const connectionIds: string[] = [];
  const saved = [process.env['CRUCIBLE_SECRET_KEY'], process.env['CRUCIBLE_SECRET_KEY_PREVIOUS']] as const;
  /** Where the database is, as the api process and the CLI read it. */
  const databaseEnv = (): Record<string, string> => (postgres ? { DATABASE_URL: postgres.url } : { CRUCIBLE_DATA_DIR: dataDir });

  const start = () => startApi(engine, { dataDir, postgres, outbound: OUTBOUND });
  /** Every connection's /test: its key opened and sent to the mock, which accepts only MOCK_KEY. */
  async function everyConnectionWorks(): Promise<void> {
    const server = await start();
    try {
      for (const id of connectionIds) {
        expect((await server.client.request('POST', `/provider-connections/${id}/test`)).body).toMatchObject({ ok: true });
      }
    } finally {
      await server.close();
    }
  }
  /** A start as `npm start` does it, expected to stop naming the variable. */
  async function startIsRefused(env: Record<string, string>): Promise<string> {
    const api = await spawnApiProcess({ ...databaseEnv(), ...env });
    expect(await api.exited).toBe(1);
    return api.output();
  }

  beforeAll(async () => {
    mock = await startMockLlmServer({ apiKey: MOCK_KEY });
    dataDir = mkdtempSync(join(tmpdir(), 'crucible-keys-'));
    postgres = engine === 'postgres' ? await createTestPostgres() : undefined;
  });

  afterAll(async () => {
    setKeys(saved[0], saved[1]);
    await mock?.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seals under the first key and refuses a start with another one, naming CRUCIBLE_SECRET_KEY', async () => {
    if (engine === 'pglite') setKeys(undefined);
    else setKeys((oldKey = newKey()));
    const server = await start();
    if (engine === 'pglite') {
      // Embedded mode without a key: one is generated into the data directory, readable by its owner only.
      oldKey = readFileSync(join(dataDir, 'secret.key'), 'utf8').trim();
      expect(statSync(join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    }
    for (const name of ['first', 'second']) {
      const created = await server.client.request('POST', '/provider-connections', {
        name, kind: name === 'first' ? 'openai_compatible' : 'anthropic', base_url: mock.url, api_key: MOCK_KEY,
      });
      expect(created.status).toBe(200);
      connectionIds.push(created.body.id);
    }
    await server.close();
    await everyConnectionWorks();

    const output = await startIsRefused({ CRUCIBLE_SECRET_KEY: newKey() });
    expect(output).toMatch(/CRUCIBLE_SECRET_KEY does not open this database's secrets/);
    expect(output).not.toMatch(/\n\s+at /); // an operator's mistake: said, without a stack
  }, 120_000);

  it('reads old values with CRUCIBLE_SECRET_KEY_PREVIOUS; after rotate-secrets the new key alone works and the old one is refused', async () => {
    const rotatedKey = newKey();
    setKeys(rotatedKey, oldKey);
    await everyConnectionWorks();

    const home = mkdtempSync(join(tmpdir(), 'crucible-cli-home-'));
    const rotation = await runCli(['admin', 'rotate-secrets'], {
      cwd: home, env: { ...cliEnvironment(home), ...databaseEnv(), CRUCIBLE_SECRET_KEY: rotatedKey, CRUCIBLE_SECRET_KEY_PREVIOUS: oldKey },
    });
    rmSync(home, { recursive: true, force: true });
    expect(rotation).toMatchObject({ code: 0, stdout: expect.stringMatching(/2 rotated, 0 already under it/) });

    setKeys(rotatedKey);
    await everyConnectionWorks();
    const output = await startIsRefused({ CRUCIBLE_SECRET_KEY: oldKey });
    expect(output).toMatch(/CRUCIBLE_SECRET_KEY does not open/);
  }, 180_000);
});

describe('distributed mode without a master key', () => {
  const saved = process.env['CRUCIBLE_SECRET_KEY'];
  afterAll(() => setKeys(saved));

  it('starts, and refuses to store a secret with 503 naming CRUCIBLE_SECRET_KEY, storing nothing', async () => {
    setKeys(undefined);
    const server = await startApi('postgres', { outbound: OUTBOUND });
    try {
      const refused = await server.client.request('POST', '/provider-connections', { name: 'x', kind: 'openai', api_key: 'sk-no-key-to-seal' });
      expect(refused.status).toBe(503);
      expect(refused.body.detail).toMatch(/CRUCIBLE_SECRET_KEY/);
      expect((await server.client.request('GET', '/provider-connections')).body).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('stops a start with a malformed key, naming the variable', async () => {
    const api = await spawnApiProcess({ CRUCIBLE_DATA_DIR: mkdtempSync(join(tmpdir(), 'crucible-bad-key-')), CRUCIBLE_SECRET_KEY: 'c2hvcnQ=' });
    expect(await api.exited).toBe(1);
    expect(api.output()).toMatch(/CRUCIBLE_SECRET_KEY must be the base64 of exactly 32 bytes/);
    expect(api.output()).not.toContain('c2hvcnQ=');
  }, 60_000);
});
