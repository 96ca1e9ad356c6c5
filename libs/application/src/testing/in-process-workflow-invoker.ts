import { type InvocationOutcome, type WorkflowCall, WorkflowInvoker } from '../runs/ports';

/** What a workflow answers: its output, or a failure as the HTTP invoker reports one. */
export type WorkflowAnswer =
  | { output: unknown; cost?: number }
  | { failure: string; retryable: boolean; status?: number };

export type Workflow = (call: WorkflowCall) => WorkflowAnswer | Promise<WorkflowAnswer>;

/**
 * Runs workflows as plain functions registered under their playground URL, answering what the HTTP invoker
 * would: a trace with the cost for an output, a (retryable or not) failure otherwise, 404 for an unknown URL.
 */
export class InProcessWorkflowInvoker extends WorkflowInvoker {
  readonly calls: Array<{ url: string; call: WorkflowCall }> = [];
  private readonly workflows = new Map<string, Workflow>();

  register(url: string, workflow: Workflow): void {
    this.workflows.set(url, workflow);
  }

  async invoke(url: string, call: WorkflowCall): Promise<InvocationOutcome> {
    this.calls.push({ url, call });
    const traceId = `trace-${this.calls.length}`;
    const workflow = this.workflows.get(url);
    if (!workflow) return { ok: false, retryable: false, message: `404 from ${url}`, status: 404, latencyMs: 1 };
    const answer = await workflow(call);
    if ('failure' in answer) {
      return { ok: false, retryable: answer.retryable, message: answer.failure, status: answer.status, latencyMs: 1 };
    }
    const now = new Date().toISOString();
    const trace = {
      trace_id: traceId, latency_ms: 10, cost: answer.cost ?? 0, tokens: { prompt: 1, completion: 1, total: 2 },
      spans: [{
        span_id: `${traceId}-root`, parent_span_id: null, name: 'workflow', kind: 'workflow' as const, status: 'ok' as const,
        start_time: now, end_time: now, latency_ms: 10, inputs: call.inputs, outputs: answer.output,
      }],
    };
    return { ok: true, output: answer.output, trace, latencyMs: 12 };
  }
}
