import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TraceRecord } from '@crucible/contracts';
import { TraceExporter } from './trace-exporter';

const record = (id: string): TraceRecord => ({
  trace_id: id, latency_ms: 1, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 },
  spans: [{ span_id: `${id}-root`, parent_span_id: null, name: 'root', kind: 'workflow', status: 'ok',
    start_time: new Date().toISOString(), end_time: new Date().toISOString(), latency_ms: 1 }],
});

/** A stand-in for the api's POST /traces that records what it was sent and answers `status`. */
async function collector(status = 200) {
  const received: Array<{ authorization?: string; ids: string[] }> = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ authorization: req.headers.authorization, ids: (JSON.parse(body) as { traces: TraceRecord[] }).traces.map((t) => t.trace_id) });
      res.writeHead(collector.status ?? status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
collector.status = undefined as number | undefined;

describe('TraceExporter', () => {
  afterEach(() => {
    collector.status = undefined;
  });

  it('sends queued traces in batches with the API key', async () => {
    const api = await collector();
    const exporter = new TraceExporter({ host: api.url, apiKey: 'crc_key', batchSize: 2, flushIntervalMs: 60_000 });
    for (const id of ['a', 'b', 'c']) exporter.enqueue(record(id));
    await exporter.shutdown();
    expect(api.received.map((r) => r.ids)).toEqual([['a', 'b'], ['c']]);
    expect(api.received[0]!.authorization).toBe('ApiKey crc_key');
    expect(exporter.stats()).toEqual({ queued: 0, exported: 3, dropped: 0, failedRequests: 0 });
    await api.close();
  });

  it('holds at most maxQueue traces while the api is away, drops and counts the rest, and sends them when it is back', async () => {
    const warnings: string[] = [];
    const api = await collector();
    await api.close(); // nothing listens on this port now
    const exporter = new TraceExporter({ host: api.url, apiKey: 'k', batchSize: 10, maxQueue: 25, flushIntervalMs: 60_000, warn: (m) => warnings.push(m) });
    for (let i = 0; i < 40; i += 1) exporter.enqueue(record(`t${i}`));
    await exporter.flush();
    expect(exporter.stats()).toMatchObject({ queued: 25, exported: 0, dropped: 15 });
    expect(exporter.stats().failedRequests).toBeGreaterThanOrEqual(1);
    expect(warnings.some((w) => w.includes('queue is full'))).toBe(true);
    expect(warnings.some((w) => w.includes('unreachable'))).toBe(true);
  });

  it('drops a batch the api refuses instead of retrying it forever', async () => {
    collector.status = 422;
    const api = await collector();
    const exporter = new TraceExporter({ host: api.url, apiKey: 'k', batchSize: 5, flushIntervalMs: 60_000 });
    for (const id of ['x', 'y']) exporter.enqueue(record(id));
    await exporter.flush();
    await exporter.flush();
    expect(api.received).toHaveLength(1);
    expect(exporter.stats()).toMatchObject({ queued: 0, exported: 0, dropped: 2, failedRequests: 1 });
    await api.close();
  });

  it('retries what waited once the api answers again', async () => {
    collector.status = 503;
    const api = await collector();
    const exporter = new TraceExporter({ host: api.url, apiKey: 'k', batchSize: 5, flushIntervalMs: 60_000 });
    exporter.enqueue(record('kept'));
    await exporter.flush();
    expect(exporter.stats()).toMatchObject({ queued: 1, exported: 0 });
    collector.status = 200;
    await exporter.shutdown();
    expect(exporter.stats()).toMatchObject({ queued: 0, exported: 1, dropped: 0 });
    expect(api.received.map((r) => r.ids)).toEqual([['kept'], ['kept']]);
    await api.close();
  });
});

describe('TraceExporter cleaning', () => {
  it('sends every string and key without NUL characters or unpaired surrogates, and leaves other text alone', async () => {
    const bodies: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        bodies.push(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const exporter = new TraceExporter({ host: url, apiKey: 'k', flushIntervalMs: 60_000 });
    const dirty = record('dirty');
    dirty.spans[0]!.name = 'ro\u0000ot';
    dirty.inputs = { 'ke\u0000y': ['cut \ud83d', '\udca9 alone', 'whole 😀', 'a literal \\u0000 stays'], [`lone \ud800`]: 1 };
    exporter.enqueue(dirty);
    await exporter.shutdown();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const [sent] = (JSON.parse(bodies[0]!) as { traces: TraceRecord[] }).traces;
    expect(sent!.spans[0]!.name).toBe('root');
    expect(sent!.inputs).toEqual({ key: ['cut \ufffd', '\ufffd alone', 'whole 😀', 'a literal \\u0000 stays'], 'lone \ufffd': 1 });
    expect(bodies[0]).not.toMatch(/\\u0000"|\\ud[89a-f]/i);
  });
});
