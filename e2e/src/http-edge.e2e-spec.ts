import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningApi, startApi } from './support/api-harness';
import { slowSocket, uploadUntilAnswered } from './support/raw-http';

const MB = 1024 * 1024;

const span = {
  span_id: 's', parent_span_id: null, name: 'w', kind: 'workflow', status: 'ok',
  start_time: '2026-11-27T14:00:00.000Z', end_time: '2026-11-27T14:00:00.003Z', latency_ms: 3,
};
const trace = (traceId: string, text: string) => ({
  trace_id: traceId, latency_ms: 3, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 }, spans: [span], inputs: { text },
});

/** A body fetch sends chunked (no Content-Length), so the limit is met while reading, not from the header. */
const chunked = (text: string) => new Blob([text]).stream();

/** ARCHITECTURE §19 at the HTTP edge: the key before the body, per-route body limits, connection limits, headers. */
describe('the HTTP edge', () => {
  let server: RunningApi;
  const consoleDir = mkdtempSync(join(tmpdir(), 'crucible-console-'));
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');

  beforeAll(async () => {
    server = await startApi('pglite', { edge: { consoleDir, bodyLimits: { maxUploadBytes: 64 * 1024 } } });
  }, 60_000);
  afterAll(() => server?.close());

  it.each([
    ['no key', {}],
    ['a key that does not authenticate', { authorization: 'ApiKey crc_not-a-key-of-this-api-0123456789' }],
  ])('refuses a 49 MB post with %s with 401 before reading it, and hangs up', async (_case, headers) => {
    const total = 49 * MB;
    const outcome = await uploadUntilAnswered(server.baseUrl, '/apps', { 'content-type': 'application/json', ...headers }, total);
    expect(outcome.status).toBe(401);
    expect(outcome.answer).toMatch(/\r\nconnection: close\r\n/i);
    // Answered while most of the body was still unsent: only what the sockets' buffers hold went out.
    expect(outcome.sentWhenAnswered).toBeLessThan(total / 2);
    expect((await server.client.get('/health')).status).toBe(200);
  });

  it('answers 413 naming the limit for a 2 MB body to an ordinary route, declared or chunked, and creates nothing', async () => {
    const body = JSON.stringify({ app_name: 'x'.repeat(2 * MB) });
    const declared = await server.client.request('POST', '/apps', body);
    expect(declared.status).toBe(413);
    expect(declared.body.detail).toBe('request body over the 1 MB limit of this route (CRUCIBLE_MAX_BODY_BYTES)');
    const streamed = await fetch(`${server.baseUrl}/apps`, {
      method: 'POST', body: chunked(body), duplex: 'half',
      headers: { 'content-type': 'application/json', authorization: `ApiKey ${server.apiKey}` },
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ detail: 'request body over the 1 MB limit of this route (CRUCIBLE_MAX_BODY_BYTES)' });
    expect((await server.client.get('/apps')).body).toEqual([]);
  });

  it('accepts a 10 MB trace batch, and answers 413 past 16 MB', async () => {
    const traces = Array.from({ length: 40 }, (_, index) => trace(`big-${index}`, 'y'.repeat(256 * 1024)));
    const batch = JSON.stringify({ traces });
    expect(batch.length).toBeGreaterThan(10 * MB);
    expect((await server.client.request('POST', '/traces', batch)).status).toBe(200);
    expect((await server.client.get('/traces/big-39')).status).toBe(200);
    const over = await server.client.request('POST', '/traces', JSON.stringify({ traces: [trace('too-big', 'z'.repeat(17 * MB))] }));
    expect(over.status).toBe(413);
    expect(over.body.detail).toBe('request body over the 16 MB limit of this route (CRUCIBLE_MAX_TRACE_BODY_BYTES)');
  });

  it('cuts a test-set upload off at its limit (64 KB here), declared or chunked', async () => {
    const form = new FormData();
    form.append('file', new Blob([`q\n${'row\n'.repeat(32 * 1024)}`], { type: 'text/csv' }), 'rows.csv');
    const declared = await fetch(`${server.baseUrl}/testsets/upload`, {
      method: 'POST', body: form, headers: { authorization: `ApiKey ${server.apiKey}` },
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ detail: 'request body over the 64 KB limit of this route (CRUCIBLE_MAX_UPLOAD_BYTES)' });
    const encoded = new Response(form);
    const streamed = await fetch(`${server.baseUrl}/testsets/upload`, {
      method: 'POST', body: encoded.body, duplex: 'half',
      headers: { authorization: `ApiKey ${server.apiKey}`, 'content-type': encoded.headers.get('content-type')! },
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ detail: 'request body over the 64 KB limit of this route (CRUCIBLE_MAX_UPLOAD_BYTES)' });
    expect((await server.client.get('/testsets')).body).toEqual([]);
  });

  it('sends the security headers on every answer, and a console CSP under /ui/ and /docs', async () => {
    const answers = await Promise.all([
      fetch(`${server.baseUrl}/health`), fetch(`${server.baseUrl}/apps`), fetch(`${server.baseUrl}/no-such-route`),
      fetch(`${server.baseUrl}/apps`, { headers: { authorization: `ApiKey ${server.apiKey}` } }),
    ]);
    expect(answers.map((response) => response.status)).toEqual([200, 401, 404, 200]);
    for (const response of answers) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers.has('x-powered-by')).toBe(false);
    }
    for (const path of ['/ui/', '/ui/apps/some-app', '/docs']) {
      const page = await fetch(`${server.baseUrl}${path}`);
      expect({ path, status: page.status, type: page.headers.get('content-type') }).toEqual({ path, status: 200, type: expect.stringMatching(/^text\/html/) });
      const policy = page.headers.get('content-security-policy') ?? '';
      for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "frame-ancestors 'none'"]) {
        expect({ path, policy }).toEqual({ path, policy: expect.stringContaining(directive) });
      }
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.has('x-powered-by')).toBe(false);
    }
  });
});

describe('a slow-socket flood', () => {
  let server: RunningApi;
  const cap = 50;

  beforeAll(async () => {
    server = await startApi('pglite', {
      edge: { serverLimits: { maxConnections: cap, headersTimeoutMs: 2000, connectionsCheckingIntervalMs: 250 } },
    });
  }, 60_000);
  afterAll(() => server?.close());

  it('over the connection cap is refused at once, the rest time out, and /health answers after', async () => {
    const sockets = [];
    for (let index = 0; index < cap + 20; index += 1) sockets.push(await slowSocket(server.baseUrl));
    const endings = await Promise.all(sockets.map((socket) => socket.closed));
    const timedOut = endings.filter((ending) => ending.answer.startsWith('HTTP/1.1 408'));
    const refused = endings.filter((ending) => ending.answer === '');
    expect(timedOut.length + refused.length).toBe(cap + 20);
    expect(refused.length).toBeGreaterThanOrEqual(20);
    expect((await server.client.get('/health')).status).toBe(200);
  });
});
