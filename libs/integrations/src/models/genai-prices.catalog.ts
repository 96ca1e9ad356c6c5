import { type ModelInfo, type ModelPrice, type TieredPrices, calcPrice, findProvider } from '@pydantic/genai-prices';
import { type CallUsage, type CatalogModel, type ProviderKind, type TokenPrices, costOfUsage, isProviderKind } from '@crucible/domain';
import { ModelCatalog } from '@crucible/application';

/** genai-prices' provider ids of the kinds a connection can be (ollama and openai_compatible have no catalog of their own). */
const CATALOG_PROVIDERS: ReadonlyArray<[string, ProviderKind]> = [
  ['openai', 'openai'], ['anthropic', 'anthropic'], ['google', 'gemini'], ['mistral', 'mistral'], ['groq', 'groq'],
  ['openrouter', 'openrouter'], ['together', 'together_ai'], ['azure', 'azure_openai'],
];
const PROVIDER_ID_OF_KIND = new Map(CATALOG_PROVIDERS.map(([id, kind]) => [kind as string, id]));
/** OpenTelemetry's `gen_ai.system` / `gen_ai.provider.name` values that are not genai-prices' provider ids. */
const PROVIDER_ID_OF_SYSTEM = new Map<string, string>([
  ['gcp.gemini', 'google'], ['gcp.vertex_ai', 'google'], ['gcp.gen_ai', 'google'], ['gemini', 'google'], ['vertex_ai', 'google'],
  ['az.ai.openai', 'azure'], ['az.ai.inference', 'azure'], ['azure.ai.openai', 'azure'], ['azure.ai.inference', 'azure'],
  ['mistral_ai', 'mistral'], ['aws.bedrock', 'aws'], ['xai', 'x-ai'], ['together_ai', 'together'], ['togetherai', 'together'],
]);

/** genai-prices' provider id for a kind, a span's provider name, or a genai-prices id itself; undefined when unknown. */
function catalogProviderId(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const lower = name.toLowerCase();
  const id = PROVIDER_ID_OF_KIND.get(lower) ?? PROVIDER_ID_OF_SYSTEM.get(lower) ?? lower;
  return findProvider({ providerId: id }) ? id : undefined;
}

// The bundled data holds tiers as plain `{base, tiers}` objects, not TieredPrices instances: test the shape, not the class.
const isPlain = (value: ModelPrice[string]): value is number | undefined => value === undefined || typeof value === 'number';
/** Where prices changed on a date, the latest in force; time-of-day prices list the ordinary one first. */
function currentPrice(model: ModelInfo, now: Date): ModelPrice {
  if (!Array.isArray(model.prices)) return model.prices;
  let current = model.prices[0]!.prices;
  for (const { constraint, prices } of model.prices) {
    if (constraint?.type === 'start_date' && new Date(constraint.start_date) <= now) current = prices;
  }
  return current;
}
/** Prices per million tokens as listed; a tiered price shows its base. */
function listedPrices(price: ModelPrice): TokenPrices | null {
  const figure = (value: ModelPrice[string]): number | undefined => (isPlain(value) ? value : (value as TieredPrices).base);
  const input = figure(price['input_mtok']);
  const output = figure(price['output_mtok']);
  if (input === undefined && output === undefined) return null;
  return { input: input ?? 0, output: output ?? 0, cachedInput: figure(price['cache_read_mtok']) ?? null };
}

/** Model names whose answer is kept: a busy process sees a few hundred at most. */
const MAX_REMEMBERED = 2000;

/**
 * The catalog of `@pydantic/genai-prices` 0.1.8 (pinned): its bundled data only. Its `updatePrices` would fetch newer
 * data from GitHub and is never called; a release of the package brings new prices.
 */
export class GenaiPricesCatalog extends ModelCatalog {
  private listed: readonly CatalogModel[] | null = null;
  /** What each (provider, model) resolved to: its price in force, or null when the catalog does not know it. */
  private readonly resolved = new Map<string, { providerId: string; modelId: string; price: ModelPrice } | null>();

  models(): readonly CatalogModel[] {
    this.listed ??= this.build(new Date());
    return this.listed;
  }

  costOf(call: { provider?: string; model: string; usage: CallUsage }): number | null {
    const key = `${call.provider ?? ''}\u0000${call.model}`;
    let found = this.resolved.get(key);
    if (found === undefined) {
      found = this.resolve(call.provider, call.model);
      if (this.resolved.size >= MAX_REMEMBERED) this.resolved.delete(this.resolved.keys().next().value!);
      this.resolved.set(key, found);
    }
    if (!found) return null;
    const { price } = found;
    if (isPlain(price['input_mtok']) && isPlain(price['output_mtok']) && isPlain(price['cache_read_mtok'])) {
      return costOfUsage({ input: price['input_mtok'] ?? 0, output: price['output_mtok'] ?? 0, cachedInput: price['cache_read_mtok'] ?? null }, call.usage);
    }
    // Tiered prices depend on the call's size: the package computes them.
    const tiered = calcPrice(usageOf(call.usage), found.modelId, { providerId: found.providerId });
    return tiered ? Math.round(tiered.total_price * 1e10) / 1e10 : null;
  }

  /** A catalog id (`openai/gpt-4o-mini`) names its provider; a bare name takes the hint, else the package guesses. */
  private resolve(provider: string | undefined, model: string): { providerId: string; modelId: string; price: ModelPrice } | null {
    const slash = model.indexOf('/');
    const prefix = slash > 0 && isProviderKind(model.slice(0, slash)) ? model.slice(0, slash) : undefined;
    const bare = prefix ? model.slice(slash + 1) : model;
    const hinted = catalogProviderId(provider);
    const candidates: Array<[string, string | undefined]> = [];
    const named = catalogProviderId(prefix) ?? hinted;
    if (named) candidates.push([bare, named]);
    if (hinted && prefix) candidates.push([model, hinted]);
    candidates.push([bare, undefined]);
    for (const [modelId, providerId] of candidates) {
      const priced = calcPrice({ input_tokens: 0, output_tokens: 0 }, modelId, providerId ? { providerId } : {});
      if (priced) return { providerId: priced.provider.id, modelId, price: priced.model_price };
    }
    return null;
  }

  private build(now: Date): CatalogModel[] {
    const models: CatalogModel[] = [];
    for (const [providerId, kind] of CATALOG_PROVIDERS) {
      for (const model of findProvider({ providerId })?.models ?? []) {
        models.push({
          id: `${kind}/${model.id}`, provider: kind, model: model.id, name: model.name ?? model.id,
          contextWindow: model.context_window ?? null, maxOutputTokens: null, prices: listedPrices(currentPrice(model, now)),
        });
      }
    }
    return models.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}

const usageOf = (usage: CallUsage) => ({ input_tokens: usage.input, output_tokens: usage.output, cache_read_tokens: usage.cachedInput ?? 0 });
