export * from './outbound';
export * from './llm/openai-llm-client';
export * from './webhook/guarded-webhook-client';
export * from './sandbox/isolated-vm-code-sandbox';
export * from './models/genai-prices.catalog';
