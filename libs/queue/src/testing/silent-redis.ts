import { type Socket, createServer } from 'node:net';

export interface SilentRedis {
  url: string;
  close(): Promise<void>;
}

/** A "Redis" that accepts connections and never answers: every command waits until it times out. */
export async function startSilentRedis(): Promise<SilentRedis> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
