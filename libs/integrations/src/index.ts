export * from './llm/openai-llm-client';
export * from './webhook/fetch-webhook-client';
export * from './sandbox/isolated-vm-code-sandbox';
