import type { TraceRecord } from '@crucible/contracts';
import { exportableJson } from './exportable-text';

export interface TraceExporterOptions {
  host: string;
  apiKey: string;
  /** Traces per request (default 100). */
  batchSize?: number;
  /** How often queued traces are sent (default 1 s). */
  flushIntervalMs?: number;
  /** Traces held while the api is slow or away; beyond this new ones are dropped and counted (default 2 000). */
  maxQueue?: number;
  /** Per request (default 5 s). */
  timeoutMs?: number;
  warn?: (message: string) => void;
}

export interface TraceExportStats {
  queued: number;
  exported: number;
  dropped: number;
  failedRequests: number;
}

/**
 * Sends traces to the api's `POST /traces` in the background. `enqueue` is synchronous and O(1): export
 * never delays, fails or changes a call's answer. Memory is bounded by `maxQueue`: while the api is away,
 * queued traces wait for the next interval and what does not fit is dropped and counted; a batch the api
 * refuses (4xx) is dropped and counted too. Text the api cannot store (NUL, unpaired surrogates) is cleaned on the way.
 */
export class TraceExporter {
  private readonly queue: TraceRecord[] = [];
  private readonly url: URL;
  private readonly batchSize: number;
  private readonly maxQueue: number;
  private readonly timeoutMs: number;
  private readonly flushIntervalMs: number;
  private readonly warn: (message: string) => void;
  private timer?: NodeJS.Timeout;
  private inFlight: Promise<void> | null = null;
  /** Traces of the request under way: still held, so they count against maxQueue. */
  private sending = 0;
  private readonly counters = { exported: 0, dropped: 0, failedRequests: 0 };
  private warnedDrop = false;
  private warnedFailure = false;

  constructor(private readonly options: TraceExporterOptions) {
    this.url = new URL('traces', options.host.endsWith('/') ? options.host : `${options.host}/`);
    this.batchSize = options.batchSize ?? 100;
    this.maxQueue = options.maxQueue ?? 2_000;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.flushIntervalMs = options.flushIntervalMs ?? 1_000;
    this.warn = options.warn ?? (() => undefined);
  }

  enqueue(record: TraceRecord): void {
    if (this.queue.length + this.sending >= this.maxQueue) {
      this.counters.dropped += 1;
      if (!this.warnedDrop) {
        this.warnedDrop = true;
        this.warn(`crucible: trace export queue is full (${this.maxQueue}); dropping traces until ${this.url.origin} takes them again`);
      }
      return;
    }
    this.queue.push(record);
    this.timer ??= setInterval(() => void this.flush(), this.flushIntervalMs).unref();
    if (this.queue.length >= this.batchSize && !this.inFlight) setImmediate(() => void this.flush());
  }

  stats(): TraceExportStats {
    return { queued: this.queue.length + this.sending, ...this.counters };
  }

  /** Sends everything queued now, one request at a time; resolves when done (never rejects). */
  flush(): Promise<void> {
    this.inFlight ??= this.drain().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** Stops the timer and sends what is queued (bounded by the request time-out). */
  async shutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.batchSize);
      this.sending = batch.length;
      const outcome = await this.send(batch).finally(() => {
        this.sending = 0;
      });
      if (outcome === 'sent') {
        this.counters.exported += batch.length;
        continue;
      }
      if (outcome === 'retry') {
        // The api is away: keep what still fits for the next interval (oldest first), drop and count the rest.
        const kept = batch.slice(0, Math.max(0, this.maxQueue - this.queue.length));
        this.queue.unshift(...kept);
        this.counters.dropped += batch.length - kept.length;
      } else {
        this.counters.dropped += batch.length;
      }
      return;
    }
  }

  /** 'retry' when the api is unreachable or overloaded; 'refused' when it said no to this batch. */
  private async send(traces: TraceRecord[]): Promise<'sent' | 'retry' | 'refused'> {
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `ApiKey ${this.options.apiKey}` },
        body: exportableJson({ traces }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) {
        this.warnedFailure = false;
        return 'sent';
      }
      const retry = response.status === 429 || response.status >= 500;
      this.failed(`${this.url.href} answered ${response.status}`, retry);
      return retry ? 'retry' : 'refused';
    } catch (error) {
      const cause = (error as { cause?: { message?: unknown } }).cause?.message;
      const reason = typeof cause === 'string' ? cause : error instanceof Error ? error.message : String(error);
      this.failed(`${this.url.href} is unreachable (${reason})`, true);
      return 'retry';
    }
  }

  private failed(reason: string, willRetry: boolean): void {
    this.counters.failedRequests += 1;
    if (this.warnedFailure) return;
    this.warnedFailure = true;
    const what = willRetry ? 'the traces wait in a bounded queue' : 'the batch was dropped';
    this.warn(`crucible: trace export failed: ${reason}; calls are unaffected, ${what}`);
  }
}
