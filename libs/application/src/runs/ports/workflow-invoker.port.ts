import type { Trace } from '@crucible/contracts';
import type { InputViolation } from '@crucible/domain';

export interface WorkflowCall {
  inputs: Record<string, unknown>;
  config: Record<string, unknown>;
  /** Whose connections a built-in workflow calls its model with; never sent to a service. */
  projectId?: string;
}

export type InvocationOutcome =
  | { ok: true; output: unknown; trace: Trace | null; latencyMs: number }
  | {
    ok: false; retryable: boolean; message: string; stacktrace?: string; status?: number; latencyMs: number;
    /** What the service itself refused (a config value outside its schema), fields as paths into the call. */
    violations?: InputViolation[];
  };

/** Calls a workflow's playground endpoint once (a service's URL, or a `crucible:builtin:` uri run in process); never throws. */
export abstract class WorkflowInvoker {
  abstract invoke(url: string, call: WorkflowCall): Promise<InvocationOutcome>;
}
