export { supportedLlmModels, supportedEmbeddingModels } from './supported-llm-models';
export { modelPrices, costOf, priceOf } from './model-prices';
export type { ModelPrice, TokenCount } from './model-prices';
