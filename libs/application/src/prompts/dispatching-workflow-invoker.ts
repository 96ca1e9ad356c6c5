import { isBuiltinUri } from '@crucible/domain';
import { type InvocationOutcome, type WorkflowCall, WorkflowInvoker } from '../runs/ports';
import type { BuiltinWorkflowRunner } from './builtin-workflow-runner';

/** A `crucible:builtin:` uri runs in this process (no HTTP hop); anything else is a service's URL. */
export class DispatchingWorkflowInvoker extends WorkflowInvoker {
  constructor(
    private readonly builtin: BuiltinWorkflowRunner,
    private readonly services: WorkflowInvoker,
  ) {
    super();
  }

  async invoke(url: string, call: WorkflowCall): Promise<InvocationOutcome> {
    if (!isBuiltinUri(url)) return this.services.invoke(url, call);
    if (!call.projectId) return { ok: false, retryable: false, latencyMs: 0, message: 'a built-in workflow is called for a project: the call named none' };
    const { projectId, ...sent } = call;
    return this.builtin.run(projectId, url, sent);
  }
}
