import type { CallUsage } from '@crucible/domain';

export interface PricedCall {
  /** A provider name such as 'openai' or 'anthropic' (a span's gen_ai.provider.name / gen_ai.system), when known. */
  provider?: string;
  /** The model as called or reported: a catalog id ('openai/gpt-4o-mini'), a bare name, or a custom model's name. */
  model: string;
  usage: CallUsage;
}

/** Prices calls from the project's custom models first (by match_pattern or exact name), then the catalog. */
export abstract class ModelPricing {
  /** USD, or null when the model is unknown. */
  abstract costOf(projectId: string, call: PricedCall): Promise<number | null>;
}
