import pino from 'pino';
import type { CrucibleClient } from '@crucible/client';
import { type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';
import { evaluateOneRow } from './support/evaluation-fixtures';
import { EXACT_TEMPLATE } from './support/example-service';
import { type RecordingListener, startRecordingListener } from './support/recording-listener';
import { freePort } from './support/runner-process';

const PASSWORD = 's3cret';
const ROUTES = [{ path: '/', playground_path: '/playground/run', deployed_path: '/run', config_schema: { type: 'object', properties: {} } }];

/** One stub per way a service can fail to describe itself; each message that names the service's URL is read. */
function answerAsBrokenService(url: string | undefined): { status: number; body: string } {
  if (url === '/missing/openapi.json') return { status: 404, body: 'no such document' };
  if (url === '/not-json/openapi.json') return { status: 200, body: '<html>hello</html>' };
  if (url === '/no-routes/openapi.json') return { status: 200, body: '{}' };
  if (url === '/other-route/openapi.json') return { status: 200, body: JSON.stringify({ 'x-crucible-routes': ROUTES }) };
  return { status: 500, body: 'unexpected' };
}

/**
 * A variant URL written with a user and password (`http://user:s3cret@host/`) is sent as Basic auth; the password
 * must never come back, in any answer, scenario error or log line, whichever way the service fails.
 */
describe('a service URL with a password, on every failure path', () => {
  let server: RunningApi;
  let api: CrucibleClient;
  let stub: RecordingListener;
  let closedPort: number;
  let appId: string;
  const lines: string[] = [];

  beforeAll(async () => {
    const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(line) });
    server = await startApi('pglite', { outbound: { allowedPrivateHosts: ['127.0.0.1'], maxResponseBytes: 10_000_000 }, logger });
    api = server.api;
    stub = await startRecordingListener((req, res) => {
      const { status, body } = answerAsBrokenService(req.url);
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
    closedPort = await freePort();
    appId = (await ok(api.POST('/apps', { body: { app_name: 'credentials' } }))).app_id;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await stub?.close();
  });

  const addVariant = async (name: string, url: string, routePath?: string) => (await ok(api.POST('/apps/{app_id}/variant/from-service', {
    params: { path: { app_id: appId } }, body: { variant_name: name, url, route_path: routePath, parameters: EXACT_TEMPLATE },
  }))).variant_id;
  const failures = (variantId: string) => {
    const ofVariant = { params: { path: { variant_id: variantId } } };
    return Promise.all([
      answer(api.GET('/variants/{variant_id}/schema', ofVariant)),
      answer(api.POST('/variants/{variant_id}/playground/run', { ...ofVariant, body: { inputs: { country: 'France' } } })),
    ]);
  };

  it('keeps it out of the 502s of /variants/{id}/schema and /playground/run (the console shows their detail)', async () => {
    const cases = [
      { name: 'closed', url: `http://user:${PASSWORD}@127.0.0.1:${closedPort}/`, reason: /cannot reach/ },
      { name: 'missing', url: `http://user:${PASSWORD}@127.0.0.1:${stub.port}/missing`, reason: /answered 404/ },
      { name: 'not-json', url: `http://user:${PASSWORD}@127.0.0.1:${stub.port}/not-json`, reason: /not JSON/ },
      { name: 'no-routes', url: `http://user:${PASSWORD}@127.0.0.1:${stub.port}/no-routes`, reason: /declares no Crucible routes/ },
      { name: 'other-route', url: `http://user:${PASSWORD}@127.0.0.1:${stub.port}/other-route`, route: '/summarize', reason: /declares no route/ },
    ];
    for (const { name, url, route, reason } of cases) {
      const variantId = await addVariant(name, url, route);
      for (const failure of await failures(variantId)) {
        expect({ name, status: failure.status }).toEqual({ name, status: 502 });
        expect(failure.body.detail).toMatch(reason);
        // The URL is still named, so the operator knows which service failed: only its password is gone.
        expect(failure.body.detail).toContain('127.0.0.1:');
        expect(JSON.stringify(failure.body)).not.toContain(PASSWORD);
      }
    }
  });

  it("keeps it out of an evaluation's scenario errors", async () => {
    const variantId = await addVariant('evaluated', `http://user:${PASSWORD}@127.0.0.1:${closedPort}/`);
    const { evaluationId, scenarios } = await evaluateOneRow(api, appId, variantId);
    expect(JSON.stringify(scenarios)).toMatch(/cannot reach http:\/\/127\.0\.0\.1:/);
    expect(JSON.stringify(scenarios)).not.toContain(PASSWORD);
    const ofEvaluation = { params: { path: { evaluation_id: evaluationId } } };
    expect(JSON.stringify(await ok(api.GET('/evaluations/{evaluation_id}', ofEvaluation)))).not.toContain(PASSWORD);
  }, 120_000);

  it('keeps it out of every log line written meanwhile', () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes(PASSWORD))).toEqual([]);
  });
});
