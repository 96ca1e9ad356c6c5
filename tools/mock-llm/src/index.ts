export { startMockLlmServer, MOCK_MODELS } from './mock-llm.server';
export type { MockFailureMode, MockLlmOptions, MockLlmServer, MockLlmStats } from './mock-llm.server';
export { cosine, embed, replyFor, EMBEDDING_DIMENSIONS } from './mock-replies';
