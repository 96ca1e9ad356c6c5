import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, isBuiltinUri } from '@crucible/domain';
import { WorkflowInvoker } from '../../runs/ports';
import { BackgroundTraceWriter } from '../../traces/background-trace-writer';
import { BuiltinWorkflowRunner } from '../builtin-workflow-runner';
import { type DeployedConfig } from './deployed-config-cache';
import { DeployedConfigLoader } from './deployed-config-loader';
import { type GatewayAnswer, answerOf, gatewayInputs } from './gateway-answer';
import { gatewayTrace } from './gateway-trace';
import type { InvokeAppInput } from './invoke-app.use-case';

/** What a streamed gateway call yields: text and tool calls as they come, then its answer or why it failed. */
export type GatewayStreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'tool_call'; id: string; name: string; arguments: string }
  | { type: 'done'; answer: GatewayAnswer }
  | { type: 'error'; detail: string };

/**
 * The gateway with `Accept: text/event-stream`: a built-in workflow streams the provider's answer as it comes; a
 * service answers whole (one `done`). What fails before anything was streamed (nothing deployed, a variable the inputs
 * lack) is thrown, so it is answered with its status; `signal` (the client going away) cancels the provider call.
 */
@Injectable()
export class StreamAppUseCase {
  constructor(
    private readonly deployed: DeployedConfigLoader,
    private readonly builtin: BuiltinWorkflowRunner,
    private readonly invoker: WorkflowInvoker,
    private readonly traces: BackgroundTraceWriter,
  ) {}

  async execute(actor: Actor, input: InvokeAppInput, signal: AbortSignal): Promise<AsyncIterable<GatewayStreamEvent>> {
    const config = await this.deployed.load(actor, input.appId, input.environment ?? 'production');
    const inputs = gatewayInputs(input);
    return isBuiltinUri(config.invocationUrl)
      ? this.streamed(actor.projectId, config, inputs, signal)
      : this.whole(actor.projectId, config, inputs);
  }

  private async *streamed(projectId: string, config: DeployedConfig, inputs: Record<string, unknown>, signal: AbortSignal): AsyncGenerator<GatewayStreamEvent> {
    const startedAt = Date.now();
    let streamed = false;
    for await (const event of this.builtin.stream(projectId, config.invocationUrl, { inputs, config: config.parameters }, signal)) {
      if (event.type === 'delta' || event.type === 'tool_call') {
        streamed = true;
        yield event;
        continue;
      }
      const latencyMs = Date.now() - startedAt;
      if (event.type === 'done') {
        const trace = gatewayTrace(projectId, { config, inputs, startedAt, latencyMs, output: event.output, trace: event.trace });
        this.traces.write(projectId, trace);
        yield { type: 'done', answer: answerOf(event.output, trace, latencyMs) };
        return;
      }
      const error = { message: signal.aborted ? `cancelled: the client closed the connection (${event.detail})` : event.detail };
      this.traces.write(projectId, gatewayTrace(projectId, { config, inputs, startedAt, latencyMs, error, trace: event.trace ?? null }));
      if (!streamed && event.status === 422 && event.violations?.length) throw DomainError.invalidInput(event.violations);
      yield { type: 'error', detail: event.detail };
      return;
    }
  }

  private async *whole(projectId: string, config: DeployedConfig, inputs: Record<string, unknown>): AsyncGenerator<GatewayStreamEvent> {
    const startedAt = Date.now();
    const outcome = await this.invoker.invoke(config.invocationUrl, { inputs, config: config.parameters, projectId });
    if (!outcome.ok) {
      const error = { message: outcome.message };
      this.traces.write(projectId, gatewayTrace(projectId, { config, inputs, startedAt, latencyMs: outcome.latencyMs, error, trace: null }));
      if (outcome.status === 422 && outcome.violations?.length) throw DomainError.invalidInput(outcome.violations);
      throw new DomainError('upstream_failure', outcome.message);
    }
    const trace = gatewayTrace(projectId, { config, inputs, startedAt, latencyMs: outcome.latencyMs, output: outcome.output, trace: outcome.trace });
    this.traces.write(projectId, trace);
    yield { type: 'done', answer: answerOf(outcome.output, trace, outcome.latencyMs) };
  }
}
