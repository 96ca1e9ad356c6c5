import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlaygroundRunResponse } from '@crucible/contracts';
import { useApi } from '../../api/ApiProvider';
import { ApiError } from '../../api/api-error';
import { readServerSentEvents } from '../../api/server-sent-events';

export interface StreamedRun {
  status: 'idle' | 'running' | 'done' | 'error';
  /** The text as it has arrived so far. */
  text: string;
  /** Tool-call parts as they arrived, for a model answering with tools rather than text. */
  toolCallParts: unknown[];
  /** Milliseconds from sending the run to its first delta, as this browser saw them. */
  firstDeltaMs?: number;
  result?: PlaygroundRunResponse;
  error?: unknown;
}

const IDLE: StreamedRun = { status: 'idle', text: '', toolCallParts: [] };

const parse = (data: string): unknown => {
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
};
const field = (value: unknown, name: string): unknown => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined);

/**
 * A playground run answered as Server-Sent Events (§16): `delta` events grow the text as they arrive, `done` brings
 * the output and trace, `error` its detail. A new run, `stop`, or leaving the page aborts the one in flight, and the
 * api cancels the provider call with it.
 */
export function useStreamedRun() {
  const api = useApi();
  const [run, setRun] = useState<StreamedRun>(IDLE);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const start = useCallback(async (variantId: string, body: { inputs: Record<string, unknown>; config: Record<string, unknown> },
    onDone?: (result: PlaygroundRunResponse) => void) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const sentAt = performance.now();
    setRun({ ...IDLE, status: 'running' });
    try {
      const { data, error, response } = await api.POST('/variants/{variant_id}/playground/run', {
        params: { path: { variant_id: variantId } }, body, headers: { accept: 'text/event-stream' }, parseAs: 'stream', signal: controller.signal,
      });
      if (!response.ok || !data) throw new ApiError(response.status, field(error, 'detail'));
      // A run the api does not stream (a service's variant) answers one JSON body.
      if (!response.headers.get('content-type')?.includes('text/event-stream')) {
        const result = (await new Response(data).json()) as PlaygroundRunResponse;
        setRun((now) => ({ ...now, status: 'done', result }));
        onDone?.(result);
        return;
      }
      for await (const event of readServerSentEvents(data)) {
        const payload = parse(event.data);
        if (event.event === 'delta') {
          const text = field(payload, 'text');
          setRun((now) => ({
            ...now,
            firstDeltaMs: now.firstDeltaMs ?? performance.now() - sentAt,
            ...(typeof text === 'string' ? { text: now.text + text } : { toolCallParts: [...now.toolCallParts, payload] }),
          }));
        } else if (event.event === 'done') {
          setRun((now) => ({ ...now, status: 'done', result: payload as PlaygroundRunResponse }));
          onDone?.(payload as PlaygroundRunResponse);
        } else if (event.event === 'error') {
          setRun((now) => ({ ...now, status: 'error', error: new ApiError(502, field(payload, 'detail') ?? payload) }));
        }
      }
      // A stream that ends without `done` or `error` was cut off (the api stopped, the network dropped).
      setRun((now) => (now.status === 'running' ? { ...now, status: 'error', error: new Error('The answer stopped before it was complete.') } : now));
    } catch (error) {
      if (controller.signal.aborted) return;
      setRun((now) => ({ ...now, status: 'error', error }));
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }, [api]);

  const stop = useCallback(() => {
    inFlight.current?.abort();
    setRun((now) => (now.status === 'running' ? { ...now, status: 'idle' } : now));
  }, []);
  const reset = useCallback(() => setRun(IDLE), []);
  return { run, start, stop, reset };
}
