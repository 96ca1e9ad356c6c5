import type { CallUsage } from './call-usage';
import type { ProviderKind } from './provider-kind';

/** Where a model's prices come from: the maintained catalog package, or a project's own entry. */
export type ModelSource = 'catalog' | 'custom';

/** Whether a span's (or trace's) cost was sent by the client or computed by Crucible from its model and tokens. */
export type CostSource = 'reported' | 'computed';

/** USD per million tokens; `cachedInput` null means cached tokens cost the input price. */
export interface TokenPrices {
  input: number;
  output: number;
  cachedInput: number | null;
}

/** A model of the catalog, as `GET /models` lists it. */
export interface CatalogModel {
  /** `<provider kind>/<model>`, e.g. `openai/gpt-4o-mini`. */
  id: string;
  provider: ProviderKind;
  /** The model's name as the provider takes it. */
  model: string;
  name: string;
  contextWindow: number | null;
  maxOutputTokens: number | null;
  prices: TokenPrices | null;
}

/** A project's own model: a fine-tune, a local model, or a price override. */
export interface CustomModel {
  id: string;
  projectId: string;
  providerConnectionId: string;
  name: string;
  prices: TokenPrices;
  /** An RE2 pattern found in a call's model name; without one the model matches its exact name. */
  matchPattern: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Model names and patterns stay short: they are shown, indexed and matched against every priced span. */
export const CUSTOM_MODEL_NAME_MAX_LENGTH = 200;
export const MATCH_PATTERN_MAX_LENGTH = 500;
/** No model costs more than this per million tokens; a larger figure is a typo. */
export const MAX_PRICE_PER_MTOK = 1_000_000;

/**
 * A call's cost in USD from its prices per million tokens, which are micro-dollars per token: summed in micro-dollars
 * and rounded to a ten-thousandth of one, so that 1 000 tokens at $0.15/M are exactly $0.00015, not 1.5000000000000001e-4.
 */
export function costOfUsage(prices: TokenPrices, usage: CallUsage): number {
  const cached = Math.min(usage.cachedInput ?? 0, usage.input);
  const microDollars = (usage.input - cached) * prices.input + cached * (prices.cachedInput ?? prices.input) + usage.output * prices.output;
  return Math.round(microDollars * 1e4) / 1e10;
}
