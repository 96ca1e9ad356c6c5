import { costOf, modelPrices, supportedEmbeddingModels, supportedLlmModels } from './index';

describe('assets', () => {
  it('groups supported models by provider', () => {
    expect(Object.keys(supportedLlmModels)).toEqual(expect.arrayContaining(['OpenAI', 'Anthropic', 'Mistral', 'Gemini', 'Groq']));
    expect(supportedLlmModels.OpenAI).toEqual(expect.arrayContaining(['gpt-4o', 'gpt-4o-mini']));
    expect(supportedLlmModels.Anthropic).toContain('claude-3-5-sonnet-latest');
  });

  it('has a price for every supported model', () => {
    for (const model of [...Object.values(supportedLlmModels).flat(), ...supportedEmbeddingModels]) {
      expect(modelPrices[model]).toEqual({ prompt: expect.any(Number), completion: expect.any(Number) });
    }
  });

  it('computes cost per 1M tokens', () => {
    expect(costOf('gpt-4o', { prompt: 1_000_000, completion: 1_000_000 })).toBeCloseTo(12.5);
    expect(costOf('gpt-4o-mini', { prompt: 1000, completion: 500 })).toBeCloseTo(0.00045, 10);
    expect(costOf('text-embedding-3-small', { prompt: 1_000_000 })).toBeCloseTo(0.02);
  });

  it('accepts provider-prefixed ids and prices unknown models at 0', () => {
    expect(costOf('openai/gpt-4o', { prompt: 1_000_000, completion: 0 })).toBeCloseTo(2.5);
    expect(costOf('my-local-model', { prompt: 1000, completion: 1000 })).toBe(0);
  });
});
