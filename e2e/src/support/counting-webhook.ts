import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingWebhook {
  /** For an `auto_webhook_test` evaluator config. */
  url: string;
  /** How many times the evaluator was called for each trace (its output names the trace: `answer <trace id>`). */
  calls: Map<string, number>;
  /** Answers every call up to the `after`-th one from now at once, then holds the next ones until `release()`. */
  holdAfter(after: number): void;
  /** The trace ids of the calls held so far. */
  held(): string[];
  release(): void;
  close(): Promise<void>;
}

/**
 * A webhook evaluator that answers `{score: 1}` and counts its calls per trace, so a suite sees whether a trace was
 * evaluated twice; holding calls pins the runner mid-evaluation, so a suite can kill it at a known point.
 */
export async function startCountingWebhook(): Promise<CountingWebhook> {
  const calls = new Map<string, number>();
  let answeredBeforeHold = Number.POSITIVE_INFINITY;
  let held: Array<{ traceId: string; res: ServerResponse }> = [];
  const answer = (res: ServerResponse) => {
    if (!res.destroyed) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ score: 1 }));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { output } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { output: string };
      const traceId = output.replace(/^answer /, '');
      calls.set(traceId, (calls.get(traceId) ?? 0) + 1);
      if (answeredBeforeHold > 0) {
        answeredBeforeHold -= 1;
        answer(res);
      } else {
        held.push({ traceId, res });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/score`,
    calls,
    holdAfter: (after) => {
      answeredBeforeHold = after;
    },
    held: () => held.map((call) => call.traceId),
    release: () => {
      answeredBeforeHold = Number.POSITIVE_INFINITY;
      held.forEach((call) => answer(call.res));
      held = [];
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
