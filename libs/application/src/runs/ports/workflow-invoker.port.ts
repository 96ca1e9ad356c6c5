import type { Trace } from '@crucible/contracts';
import type { InputIssue } from '@crucible/domain';

export interface WorkflowCall {
  inputs: Record<string, unknown>;
  config: Record<string, unknown>;
}

export type InvocationOutcome =
  | { ok: true; output: unknown; trace: Trace | null; latencyMs: number }
  | {
    ok: false; retryable: boolean; message: string; stacktrace?: string; status?: number; latencyMs: number;
    /** The service's own 422 items (a config value outside the schema), when it sent them. */
    issues?: InputIssue[];
  };

/** Calls a workflow's playground endpoint once; never throws. */
export abstract class WorkflowInvoker {
  abstract invoke(url: string, call: WorkflowCall): Promise<InvocationOutcome>;
}
