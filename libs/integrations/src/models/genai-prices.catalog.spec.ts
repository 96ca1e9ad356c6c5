import type { Actor, CustomModel, TokenPrices } from '@crucible/domain';
import { CustomThenCatalogPricing, ListModelsUseCase, ProviderReadCache } from '@crucible/application';
import { InMemoryCustomModelRepository, InMemoryProviderConnectionDirectory } from '@crucible/application/testing';
import { GenaiPricesCatalog } from './genai-prices.catalog';

const PROJECT = 'p1';
const actor: Actor = { projectId: PROJECT, type: 'api_key', id: 'k', name: 'k', role: 'admin' };
const usage = { input: 1000, output: 500 };

function customModel(name: string, matchPattern: string | null, prices: TokenPrices = { input: 1, output: 2, cachedInput: null }): CustomModel {
  return {
    id: `00000000-0000-4000-8000-${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`, projectId: PROJECT,
    providerConnectionId: 'conn-1', name, prices, matchPattern, createdAt: new Date(), updatedAt: new Date(),
  };
}

describe('the genai-prices catalog and the pricing of calls', () => {
  const catalog = new GenaiPricesCatalog();
  let customModels: InMemoryCustomModelRepository;
  let connections: InMemoryProviderConnectionDirectory;
  let pricing: CustomThenCatalogPricing;

  beforeEach(() => {
    customModels = new InMemoryCustomModelRepository();
    connections = new InMemoryProviderConnectionDirectory();
    connections.add(PROJECT, { id: 'conn-1', name: 'local', kind: 'openai_compatible' });
    pricing = new CustomThenCatalogPricing(customModels, connections, catalog, new ProviderReadCache());
  });

  it('lists a tiered price (gpt-5.4: more per token past 272k) as its base figure, never as the package\'s tier object', () => {
    const tiered = catalog.models().find((model) => model.id === 'openai/gpt-5.4');
    expect(tiered?.prices).toEqual({ input: 2.5, output: 15, cachedInput: 0.25 });
    const notFigures = catalog.models().filter(({ prices }) => prices && [prices.input, prices.output, prices.cachedInput]
      .some((figure) => figure !== null && typeof figure !== 'number'));
    expect(notFigures.map((model) => model.id)).toEqual([]);
  });

  it('prices a call to a tiered model by its tier (the package computes it), not as NaN', () => {
    expect(catalog.costOf({ model: 'openai/gpt-5.4', usage })).toBeCloseTo((1000 * 2.5 + 500 * 15) / 1e6, 12);
  });

  it('lists the package\'s models under our provider kinds, with prices per million tokens, ordered by id', () => {
    const models = catalog.models();
    expect(models.length).toBeGreaterThan(300);
    expect(models.find((model) => model.id === 'openai/gpt-4o-mini')).toEqual({
      id: 'openai/gpt-4o-mini', provider: 'openai', model: 'gpt-4o-mini', name: 'gpt 4o mini', contextWindow: 128000, maxOutputTokens: null,
      prices: { input: 0.15, output: 0.6, cachedInput: 0.075 },
    });
    expect(new Set(models.map((model) => model.provider))).toEqual(new Set(['openai', 'anthropic', 'gemini', 'mistral', 'groq', 'openrouter', 'together_ai', 'azure_openai']));
    expect(models.map((model) => model.id)).toEqual(models.map((model) => model.id).sort());
    expect(new Set(models.map((model) => model.id)).size).toBe(models.length);
  });

  it('prices a catalog id, a bare name with a provider hint, and a dated variant alike: price × tokens', async () => {
    const price = await pricing.pricerFor(PROJECT);
    // 1 000 × $0.15/M + 500 × $0.60/M = 150 + 300 micro-dollars
    expect(price({ model: 'openai/gpt-4o-mini', usage })).toBe(0.00045);
    expect(price({ provider: 'openai', model: 'gpt-4o-mini', usage })).toBe(0.00045);
    expect(price({ provider: 'openai', model: 'gpt-4o-mini-2024-07-18', usage })).toBe(0.00045);
    expect(price({ model: 'gpt-4o-mini', usage })).toBe(0.00045);
  });

  it('prices cached input tokens at the cached price', async () => {
    // 600 × 0.15 + 400 × 0.075 + 500 × 0.6 = 90 + 30 + 300 micro-dollars
    expect(await pricing.costOf(PROJECT, { provider: 'openai', model: 'gpt-4o-mini', usage: { ...usage, cachedInput: 400 } })).toBe(0.00042);
  });

  it('takes a span\'s gen_ai.system names for the provider', async () => {
    const gemini = catalog.models().find((model) => model.provider === 'gemini' && model.prices && model.prices.input > 0)!;
    const expected = Math.round((1000 * gemini.prices!.input + 500 * gemini.prices!.output) * 1e4) / 1e10;
    expect(await pricing.costOf(PROJECT, { provider: 'gcp.gemini', model: gemini.model, usage })).toBe(expected);
  });

  it('answers null for a model nobody prices', async () => {
    expect(await pricing.costOf(PROJECT, { provider: 'openai', model: 'no-such-model-xyz', usage })).toBeNull();
    expect(await pricing.costOf(PROJECT, { model: 'no-such-model-xyz', usage })).toBeNull();
  });

  it('prices a custom model first: its match_pattern wins over the catalog', async () => {
    await customModels.create(customModel('discounted', '^gpt-4o-mini'));
    const price = await pricing.pricerFor(PROJECT);
    expect(price({ provider: 'openai', model: 'gpt-4o-mini', usage })).toBe(0.002);
    expect(price({ provider: 'openai', model: 'gpt-4o', usage })).not.toBe(0.002);
  });

  it('matches a custom model without a pattern by its exact name, or as GET /models lists it', async () => {
    await customModels.create(customModel('my-finetune', null, { input: 3, output: 4, cachedInput: 1 }));
    const price = await pricing.pricerFor(PROJECT);
    expect(price({ model: 'my-finetune', usage: { ...usage, cachedInput: 1000 } })).toBe(0.003);
    expect(price({ model: 'local/my-finetune', usage })).toBe(0.005);
    expect(price({ model: 'my-finetune-2', usage })).toBeNull();
  });

  it('lists the catalog and custom models with what the project can call, filtered and paged', async () => {
    await customModels.create(customModel('my-finetune', null));
    const list = new ListModelsUseCase(catalog, customModels, connections);
    const all = await list.execute(actor, {}, { limit: null, cursor: null });
    expect(all.items.find((model) => model.id === 'local/my-finetune')).toMatchObject({ source: 'custom', provider: 'openai_compatible', available: true });
    expect(all.items.find((model) => model.id === 'openai/gpt-4o-mini')).toMatchObject({ source: 'catalog', available: false });

    connections.add(PROJECT, { id: 'conn-2', name: 'main', kind: 'openai' });
    const openai = await list.execute(actor, { provider: 'openai', q: 'GPT-4O-MINI' }, { limit: null, cursor: null });
    expect(openai.items.length).toBeGreaterThan(0);
    expect(openai.items.every((model) => model.provider === 'openai' && model.id.toLowerCase().includes('gpt-4o-mini') && model.available)).toBe(true);

    const first = await list.execute(actor, { provider: 'anthropic' }, { limit: 5, cursor: null });
    const second = await list.execute(actor, { provider: 'anthropic' }, { limit: 5, cursor: first.nextCursor });
    expect(first.items).toHaveLength(5);
    expect(second.items[0]!.id > first.items[4]!.id).toBe(true);
  });
});
