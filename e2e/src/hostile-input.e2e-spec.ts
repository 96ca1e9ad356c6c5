import { randomUUID } from 'node:crypto';
// Raw client by design: every operation of /openapi.json is sent malformed JSON, wrong types and hostile ids, which the typed client cannot express.
import type { HttpClient } from './support/http-client';
import { type RunningApi, startApi } from './support/api-harness';

/** Every documented operation, fed malformed and hostile input: each answers a 4xx, never a 500. */
describe('hostile input never produces a 500', () => {
  let server: RunningApi;
  let client: HttpClient;
  let operations: Array<{ method: string; path: string }>;

  const BODIES: unknown[] = [
    '{"unterminated": ', '[]', '"just a string"', '42', 'null',
    { constructor: { prototype: { polluted: true } } }, { __proto__: { admin: true } },
    { app_name: 'x'.repeat(10_000) }, { app_name: '\u0000\ud800' }, { name: ['a'], parameters: 'no', csvdata: [[1]] },
    { revisions_ids: [1, {}], rate_limit: { batch_size: Number.MAX_VALUE * 10, max_retries: -1, retry_delay: 'soon', delay_between_batches: null } },
    { vote: { $ne: null }, score: 1e100, is_pinned: 'yes', evaluation_type: 'human_a_b_testing', revisions_ids: 'abc' },
  ];
  const ID_VALUES = [randomUUID(), 'not-a-uuid', '..%2F..%2Fetc', '1e309'];

  beforeAll(async () => {
    server = await startApi('pglite');
    client = server.client;
    const document = (await client.get('/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
    expect(operations.length).toBeGreaterThan(30);
  });
  afterAll(() => server.close());

  it('answers every operation with a 4xx (or 2xx) for every hostile body and id', async () => {
    const failures: string[] = [];
    for (const { method, path } of operations) {
      for (const id of ID_VALUES) {
        const concrete = path.replace(/\{[^}]+\}/g, encodeURIComponent(id)).replace(/%25/g, '%');
        const bodies = method === 'GET' ? [undefined] : method === 'DELETE' ? [undefined, ...BODIES.slice(0, 3)] : BODIES;
        for (const body of bodies) {
          const query = method === 'GET' ? `?app_id=${encodeURIComponent(id)}&evaluations_ids=${encodeURIComponent(id)}&format=xml&revision=-1` : '';
          const response = await client.request(method, `${concrete}${query}`, body);
          if (response.status >= 500) failures.push(`${method} ${concrete} ${JSON.stringify(body)?.slice(0, 60)} → ${response.status} ${JSON.stringify(response.body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect((await server.api.GET('/health')).response.status).toBe(200);
  }, 120_000);
});
