import type { CallUsage } from '@crucible/domain';

export interface PricedCall {
  /** A provider name such as 'openai' or 'anthropic' (a span's gen_ai.provider.name / gen_ai.system), when known. */
  provider?: string;
  /** The model as called or reported: a catalog id ('openai/gpt-4o-mini'), a bare name, or a custom model's name. */
  model: string;
  usage: CallUsage;
}

/** Prices calls of one project, its custom models read once: for a batch of spans. USD, or null when the model is unknown. */
export type CallPricer = (call: PricedCall) => number | null;

/** Prices calls from the project's custom models first (by match_pattern or exact name), then the catalog. */
export abstract class ModelPricing {
  /** A pricer for many calls of the project (trace ingest prices a batch with one read of its custom models). */
  abstract pricerFor(projectId: string): Promise<CallPricer>;

  /** USD, or null when the model is unknown. */
  async costOf(projectId: string, call: PricedCall): Promise<number | null> {
    return (await this.pricerFor(projectId))(call);
  }
}
