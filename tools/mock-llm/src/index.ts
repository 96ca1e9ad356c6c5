export { startMockLlmServer } from './mock-llm.server';
export type { MockLlmOptions, MockLlmServer } from './mock-llm.server';
