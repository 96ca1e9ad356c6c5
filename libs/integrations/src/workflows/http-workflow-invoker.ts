import { Injectable } from '@nestjs/common';
import {
  type InvocationOutcome, OutboundFailureError, OutboundGuard, type OutboundResponse, type WorkflowCall, WorkflowInvoker,
  foreignExcerpt,
} from '@crucible/application';
import { type ValidationIssue, validationErrorBodySchema, workflowErrorResponseSchema } from '@crucible/contracts';
import { type InputViolation, findUntrustedInput, redactUrlsIn } from '@crucible/domain';
import { readTrace } from './foreign-trace';

/** Statuses worth another try: the service is overloaded or briefly broken, not the request. */
const RETRYABLE_STATUS = (status: number): boolean => status === 429 || status === 408 || status >= 502 || status === 500;

/**
 * Calls an SDK service's playground endpoint (ARCHITECTURE §4). A 500 that carries the SDK's error body is
 * the workflow's own failure: it is kept with its message and stacktrace, and retried like any 5xx because
 * flaky apps fail that way too.
 */
@Injectable()
export class HttpWorkflowInvoker extends WorkflowInvoker {
  constructor(
    private readonly guard: OutboundGuard,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  async invoke(url: string, call: WorkflowCall): Promise<InvocationOutcome> {
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    let response: OutboundResponse;
    try {
      response = await this.guard.request(url, { method: 'POST', json: { inputs: call.inputs, config: call.config }, timeoutMs: this.timeoutMs });
    } catch (error) {
      // A refused address, a redirect or an oversized answer stays so on every try; a network failure may not.
      const retryable = error instanceof OutboundFailureError && (error.kind === 'timeout' || error.kind === 'unreachable' || error.kind === 'broke_off');
      return { ok: false, retryable, latencyMs: elapsed(), message: redactUrlsIn((error as Error).message) };
    }
    const text = response.text;
    const body = parseJson(text);
    // Kept with the row, so it must be storable: one answer holding a NUL byte, or nested 5 000 deep, failed the
    // write of its batch (or overflowed the stack) and with it the whole evaluation.
    const unstorable = findUntrustedInput(body);
    if (unstorable) {
      // The path is foreign too (a key may hold the NUL), and 64 levels long.
      const at = unstorable.field.length > 0 ? ` at ${foreignExcerpt(unstorable.field.join('.'), 80)}` : '';
      return {
        ok: false, retryable: RETRYABLE_STATUS(response.status), latencyMs: elapsed(), status: response.status,
        message: `the application answered what cannot be stored: ${unstorable.reason}${at}`,
      };
    }
    if (response.status >= 200 && response.status < 300) {
      // Ours and Agenta's current SDK answer `data`; Agenta's older SDK answered `message`.
      const answer = typeof body === 'object' && body !== null && !Array.isArray(body) ? body as Record<string, unknown> : undefined;
      if (answer && ('data' in answer || 'message' in answer)) {
        const latencyMs = elapsed();
        return { ok: true, output: 'data' in answer ? answer['data'] : answer['message'], trace: readTrace(answer, latencyMs), latencyMs };
      }
      return { ok: false, retryable: false, latencyMs: elapsed(), status: response.status, message: `the application answered without {data, trace}: ${foreignExcerpt(text)}` };
    }
    const failure = workflowErrorResponseSchema.safeParse(body);
    const validation = response.status === 422 ? validationErrorBodySchema.safeParse(body) : undefined;
    return {
      ok: false,
      retryable: RETRYABLE_STATUS(response.status),
      status: response.status,
      latencyMs: elapsed(),
      message: failure.success ? failure.data.detail.message : `the application answered ${response.status}: ${foreignExcerpt(text)}`,
      ...(failure.success && failure.data.detail.stacktrace ? { stacktrace: failure.data.detail.stacktrace } : {}),
      // Structured, so kept — but each message is cut like any foreign text (§12).
      ...(validation?.success ? { violations: validation.data.detail.slice(0, 50).map(violationOfCall) } : {}),
    };
  }
}

/** A service's 422 item in our terms: its `loc` past "body" is a path into the call, its `type` the service's own rule. */
function violationOfCall({ loc, msg, type }: ValidationIssue): InputViolation {
  return { field: loc[0] === 'body' ? loc.slice(1) : loc, reason: foreignExcerpt(msg), rule: `service:${type}` };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
