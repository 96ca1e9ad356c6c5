import { Injectable } from '@nestjs/common';
import { type Actor, DomainError } from '@crucible/domain';
import { WorkflowInvoker } from '../../runs/ports';
import { BackgroundTraceWriter } from '../../traces/background-trace-writer';
import { DeployedConfigLoader } from './deployed-config-loader';
import { type GatewayAnswer, answerOf, gatewayInputs } from './gateway-answer';
import { gatewayTrace } from './gateway-trace';

export interface InvokeAppInput {
  appId: string;
  /** Default "production". */
  environment?: string;
  inputs: Record<string, unknown>;
  /** A chat app's conversation so far. */
  messages?: unknown[];
}

/**
 * `POST /apps/{app_id}/invoke`: runs what the environment has deployed (built-in or service) and answers the output
 * with its trace id, tokens, cost and latency. The config comes from memory; the trace is written behind the answer.
 */
@Injectable()
export class InvokeAppUseCase {
  constructor(
    private readonly deployed: DeployedConfigLoader,
    private readonly invoker: WorkflowInvoker,
    private readonly traces: BackgroundTraceWriter,
  ) {}

  async execute(actor: Actor, input: InvokeAppInput): Promise<GatewayAnswer> {
    const config = await this.deployed.load(actor, input.appId, input.environment ?? 'production');
    const inputs = gatewayInputs(input);
    const startedAt = Date.now();
    const outcome = await this.invoker.invoke(config.invocationUrl, { inputs, config: config.parameters, projectId: actor.projectId });
    if (!outcome.ok) {
      const error = { message: outcome.message, ...(outcome.stacktrace ? { stacktrace: outcome.stacktrace } : {}) };
      this.traces.write(actor.projectId, gatewayTrace(actor.projectId, { config, inputs, startedAt, latencyMs: outcome.latencyMs, error, trace: null }));
      if (outcome.status === 422 && outcome.violations?.length) throw DomainError.invalidInput(outcome.violations);
      throw new DomainError('upstream_failure', outcome.message);
    }
    const trace = gatewayTrace(actor.projectId, { config, inputs, startedAt, latencyMs: outcome.latencyMs, output: outcome.output, trace: outcome.trace });
    this.traces.write(actor.projectId, trace);
    return answerOf(outcome.output, trace, outcome.latencyMs);
  }
}
