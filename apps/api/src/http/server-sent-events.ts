import type { Request, Response } from 'express';
import { toHttpError } from './exception.filter';

export interface ServerSentEvent {
  event: 'delta' | 'done' | 'error';
  data: unknown;
}

/** The client asked for Server-Sent Events (`Accept: text/event-stream`). */
export const wantsEventStream = (req: Request): boolean => (req.headers.accept ?? '').includes('text/event-stream');

/** Aborted when the client goes away before the answer ended: the provider call it started is cancelled with it. */
export function abortOnDisconnect(res: Response): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('the client closed the connection'));
  });
  return controller.signal;
}

const frame = ({ event, data }: ServerSentEvent): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** What a failure mid-stream tells the client: the message it would have had as JSON, never internals. */
function detailOf(error: unknown): unknown {
  const body = toHttpError(error)?.body as { detail?: unknown } | undefined;
  return body?.detail ?? 'internal server error';
}

/**
 * Writes the events as they come, each flushed at once. A failure before the first event is thrown (answered 404,
 * 422… by the exception filter, as without SSE); one after it becomes `event: error` and ends the stream.
 */
export async function sendEventStream(res: Response, events: AsyncIterable<ServerSentEvent>): Promise<void> {
  const iterator = events[Symbol.asyncIterator]();
  let next = await iterator.next();
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no',
  });
  const flush = (res as Response & { flush?: () => void }).flush?.bind(res);
  try {
    while (!next.done) {
      if (res.destroyed) return;
      res.write(frame(next.value));
      flush?.();
      if (next.value.event !== 'delta') break;
      next = await iterator.next();
    }
  } catch (error) {
    if (!res.destroyed) res.write(frame({ event: 'error', data: { detail: detailOf(error) } }));
  } finally {
    // Ends the producer too (and with it any provider call still open).
    await iterator.return?.();
  }
  res.end();
}
