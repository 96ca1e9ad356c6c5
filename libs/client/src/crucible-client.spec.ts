import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCrucibleClient } from './crucible-client';

describe('createCrucibleClient', () => {
  let seen: { url?: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url, headers: req.headers });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify([]));
  });
  let baseUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => (seen = []));

  it('sends the API key as `Authorization: ApiKey …` to the path under the base URL', async () => {
    const client = createCrucibleClient({ baseUrl, apiKey: 'crc_secret' });
    const { data, response } = await client.GET('/apps');
    expect(response.status).toBe(200);
    expect(data).toEqual([]);
    expect(seen).toEqual([expect.objectContaining({ url: '/apps' })]);
    expect(seen[0]!.headers['authorization']).toBe('ApiKey crc_secret');
  });

  it('sends no Authorization header without a key', async () => {
    await createCrucibleClient({ baseUrl }).GET('/health');
    expect(seen[0]!.headers['authorization']).toBeUndefined();
  });
});
