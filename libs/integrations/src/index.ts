export * from './outbound';
export * from './llm/ai-sdk-llm-gateway';
export * from './webhook/guarded-webhook-client';
export * from './sandbox/isolated-vm-code-sandbox';
export * from './secrets/aes-gcm-secret-cipher';
export * from './secrets/master-key-file';
export * from './providers/guarded-provider-probe';
export * from './models/genai-prices.catalog';
