export * from './outbound';
export * from './llm/ai-sdk-llm-gateway';
export * from './webhook/guarded-webhook-client';
export * from './sandbox/isolated-vm-code-sandbox';
