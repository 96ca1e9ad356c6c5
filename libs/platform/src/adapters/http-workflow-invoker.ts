import { Injectable } from '@nestjs/common';
import { type InvocationOutcome, type WorkflowCall, WorkflowInvoker } from '@crucible/application';
import { workflowErrorResponseSchema, workflowResponseSchema } from '@crucible/contracts';

/** Statuses worth another try: the service is overloaded or briefly broken, not the request. */
const RETRYABLE_STATUS = (status: number): boolean => status === 429 || status === 408 || status >= 502 || status === 500;

/**
 * Calls an SDK service's playground endpoint (ARCHITECTURE §4). A 500 that carries the SDK's error body is
 * the workflow's own failure: it is kept with its message and stacktrace, and retried like any 5xx because
 * flaky apps fail that way too.
 */
@Injectable()
export class HttpWorkflowInvoker extends WorkflowInvoker {
  constructor(private readonly timeoutMs = Number(process.env['CRUCIBLE_INVOCATION_TIMEOUT_MS'] ?? 120_000)) {
    super();
  }

  async invoke(url: string, call: WorkflowCall): Promise<InvocationOutcome> {
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(call),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      return {
        ok: false, retryable: true, latencyMs: elapsed(),
        message: timedOut ? `the application did not answer within ${this.timeoutMs} ms` : `cannot reach the application at ${url}: ${(error as Error).message}`,
      };
    }
    const body = parseJson(text);
    if (response.ok) {
      const parsed = workflowResponseSchema.safeParse(body);
      if (parsed.success) return { ok: true, output: parsed.data.data, trace: parsed.data.trace, latencyMs: elapsed() };
      if (body !== undefined && typeof body === 'object' && body !== null && 'data' in body) {
        return { ok: true, output: (body as { data: unknown }).data, trace: null, latencyMs: elapsed() };
      }
      return { ok: false, retryable: false, latencyMs: elapsed(), status: response.status, message: `the application answered without {data, trace}: ${text.slice(0, 200)}` };
    }
    const failure = workflowErrorResponseSchema.safeParse(body);
    return {
      ok: false,
      retryable: RETRYABLE_STATUS(response.status),
      status: response.status,
      latencyMs: elapsed(),
      message: failure.success ? failure.data.detail.message : `the application answered ${response.status}: ${text.slice(0, 300)}`,
      ...(failure.success && failure.data.detail.stacktrace ? { stacktrace: failure.data.detail.stacktrace } : {}),
    };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
