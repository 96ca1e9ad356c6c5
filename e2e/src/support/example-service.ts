import { createCompletionApp } from '@crucible/examples';
import { init, type RunningService } from '@crucible/sdk';
import { type MockLlmOptions, type MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';

export interface ExampleStack {
  mock: MockLlmServer;
  service: RunningService;
  close(): Promise<void>;
}

/** The example completion app (libs/sdk) on a random port, calling the mock OpenAI-compatible server. */
export async function startCompletionExample(mockOptions: MockLlmOptions = {}, registryHost = 'http://127.0.0.1:9'): Promise<ExampleStack> {
  const mock = await startMockLlmServer(mockOptions);
  init({ host: registryHost, openaiBaseUrl: mock.url, openaiApiKey: 'test', llmMaxRetries: 0 });
  const service = await createCompletionApp().listen({ port: 0, host: '127.0.0.1' });
  return {
    mock, service,
    async close() {
      await service.close();
      await mock.close();
    },
  };
}

/** Rows whose app output is exactly `expected` with the first revision's template below. */
export const CAPITALS = ['Paris', 'Berlin', 'Madrid', 'Rome', 'Lisbon', 'Vienna', 'Prague', 'Dublin', 'Oslo', 'Warsaw'];
export const capitalRows = (count = CAPITALS.length) =>
  Array.from({ length: count }, (_, i) => ({ input: CAPITALS[i % CAPITALS.length]!, correct_answer: CAPITALS[i % CAPITALS.length]! }));

/** Revision 1 answers the ground truth verbatim; revision 2 hedges it ("maybe Paris"). */
export const EXACT_TEMPLATE = { prompt_template: 'MOCK_REPLY: {input}' };
export const HEDGING_TEMPLATE = { prompt_template: 'MOCK_REPLY: maybe {input}' };
