import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingListener {
  port: number;
  /** `METHOD /path?query` of every request received, in order. */
  received: string[];
  close(): Promise<void>;
}

/** A loopback HTTP listener that records every request: the "internal service" an attacker aims at. */
export async function startRecordingListener(
  answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('INTERNAL-SECRET-TOKEN=hunter2'),
): Promise<RecordingListener> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
