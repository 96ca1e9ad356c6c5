import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FaultyProxy {
  url: string;
  /** While true, requests whose JSON body `fails` picks answer 500 as a throwing workflow does. */
  setBroken(broken: boolean): void;
  close(): Promise<void>;
}

/**
 * Sits between the api and a workflow service and makes chosen rows fail like a workflow that throws, until
 * told otherwise: a deterministic way to produce failed rows and then re-run them successfully.
 */
export async function startFaultyProxy(target: string, fails: (body: { inputs?: Record<string, unknown> }) => boolean): Promise<FaultyProxy> {
  let broken = true;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let body: { inputs?: Record<string, unknown> } = {};
      try {
        body = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : {};
      } catch {
        // forwarded as it came
      }
      if (broken && req.method === 'POST' && fails(body)) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: { message: 'injected failure', stacktrace: 'Error: injected failure\n    at faultyProxy' } }));
        return;
      }
      void fetch(`${target}${req.url ?? '/'}`, {
        method: req.method, headers: { 'content-type': 'application/json' },
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : raw,
      }).then(async (upstream) => {
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await upstream.arrayBuffer()));
      }).catch((error: Error) => {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: { message: error.message } }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setBroken: (value) => { broken = value; },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
