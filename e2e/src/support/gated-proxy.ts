import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GatedProxy {
  url: string;
  /** Requests received and held so far. */
  held(): number;
  /** Lets every held and later request through to the target. */
  release(): void;
  close(): Promise<void>;
}

/**
 * Forwards requests to a real service only once released, so a suite can look at a run while it is
 * deterministically in progress instead of racing it.
 */
export async function startGatedProxy(target: string): Promise<GatedProxy> {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      held += 1;
      void gate
        .then(() => fetch(`${target}${req.url ?? '/'}`, {
          method: req.method, headers: { 'content-type': 'application/json' },
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
        }))
        .then(async (upstream) => {
          res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await upstream.arrayBuffer()));
        })
        .catch((error: Error) => {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ detail: { message: error.message } }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    held: () => held,
    release: () => open(),
    close: () => new Promise<void>((resolve) => {
      open();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
