import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, type Parameters, endpointUrl, isBuiltinUri } from '@crucible/domain';
import type { Trace } from '@crucible/contracts';
import { WorkflowInvoker } from '../../runs/ports';
import { GetVariantUseCase } from '../../registry/use-cases/get-variant.use-case';
import { GetVariantRevisionUseCase } from '../../registry/use-cases/get-variant-revision.use-case';
import { ServiceDescriber } from '../ports';
import { describeVariantRoute } from './variant-route';
import { TraceIngestLimits, TraceRepository } from '../../traces/ports';
import { traceFromRecord } from '../../traces/sdk-trace-records';

export interface PlaygroundRunInput {
  variantId: string;
  inputs: Record<string, unknown>;
  /** Overrides on top of the revision's parameters (the playground sends every field it shows). */
  config?: Parameters;
  /** Which revision's parameters to start from; the latest without it. */
  revision?: number;
}

export interface PlaygroundRunResult {
  data: unknown;
  trace: Trace | null;
}

/**
 * One playground call of a variant's service, made by the api (the browser never calls services): the revision's
 * parameters overlaid with the edited config. The service's 422 comes back as ours, naming the same fields.
 */
@Injectable()
export class RunPlaygroundUseCase {
  constructor(
    private readonly getVariant: GetVariantUseCase,
    private readonly getRevision: GetVariantRevisionUseCase,
    private readonly describer: ServiceDescriber,
    private readonly invoker: WorkflowInvoker,
    private readonly traces: TraceRepository,
    private readonly limits: TraceIngestLimits,
  ) {}

  async execute(actor: Actor, input: PlaygroundRunInput): Promise<PlaygroundRunResult> {
    const { base, latest } = await this.getVariant.execute(actor, input.variantId);
    const revision = input.revision === undefined ? latest : await this.getRevision.execute(actor, input.variantId, input.revision);
    // A built-in workflow declares nothing to read: its uri is where the invoker dispatches.
    const url = isBuiltinUri(base.url) ? base.url : endpointUrl(base.url, (await describeVariantRoute(this.describer, base)).route.playgroundPath);
    const config = { ...revision.parameters, ...(input.config ?? {}) };
    const outcome = await this.invoker.invoke(url, { inputs: input.inputs, config, projectId: actor.projectId });
    if (outcome.ok && outcome.trace && isBuiltinUri(base.url)) {
      // A service's SDK exports its own traces; a built-in workflow's are kept here, with the variant that ran.
      const record = { ...outcome.trace, app_id: base.appId, variant_id: input.variantId, variant_revision_id: revision.id };
      await this.traces.save(actor.projectId, [traceFromRecord(actor.projectId, record)], { maxSpansPerTrace: this.limits.maxSpansPerTrace });
    }
    if (outcome.ok) return { data: outcome.output, trace: outcome.trace };
    if (outcome.status === 422 && outcome.violations?.length) throw DomainError.invalidInput(outcome.violations);
    throw new DomainError('upstream_failure', outcome.message);
  }
}
