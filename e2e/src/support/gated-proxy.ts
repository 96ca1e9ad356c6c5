import { createServer } from 'node:http';
import { type AddressInfo, type Socket, connect, createServer as createNetServer } from 'node:net';

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

export interface GatedTcpProxy {
  /** The proxy's port on 127.0.0.1; point a client at it instead of the real service. */
  port: number;
  /** Simulates an outage: drops every open connection and closes new ones at once until `open()`. */
  shut(): void;
  open(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of PostgreSQL or Redis: the only way the suites take a dependency away, since the
 * machine's own services are shared and must never be stopped. Shutting it drops live connections exactly as
 * a restart of the service would.
 */
export async function startGatedTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<GatedTcpProxy> {
  let shut = false;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createNetServer((client) => {
    track(client);
    if (shut) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dropAll = () => sockets.forEach((socket) => socket.destroy());
  return {
    port: (server.address() as AddressInfo).port,
    shut: () => {
      shut = true;
      dropAll();
    },
    open: () => {
      shut = false;
    },
    close: () => new Promise<void>((resolve) => {
      dropAll();
      server.close(() => resolve());
    }),
  };
}
