import { startMockLlmServer } from './mock-llm.server';

const streamedChat = (url: string, headers: Record<string, string>, signal?: AbortSignal) => fetch(`${url}/chat/completions`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'one two three four five six' }] }),
  signal,
});

const until = async (condition: () => boolean): Promise<void> => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('mock LLM slow-chunk mode and open/aborted counters', () => {
  it('writes a streamed answer one event at a time, and counts it open until it ends', async () => {
    const server = await startMockLlmServer();
    const firstChunks: number[] = [];
    try {
      const response = await streamedChat(server.url, { 'x-mock-chunk-delay-ms': '30' });
      const reader = response.body!.getReader();
      const reads: string[] = [];
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        reads.push(new TextDecoder().decode(read.value));
        if (reads.length === 1) firstChunks.push(server.stats().openRequests);
      }
      // One read per event (role, 6 words, finish, [DONE]): they arrived apart, not as one body.
      expect(reads.length).toBeGreaterThanOrEqual(8);
      expect(reads.at(-1)).toBe('data: [DONE]\n\n');
      expect(firstChunks).toEqual([1]);
      await until(() => server.stats().openRequests === 0);
      expect(server.stats()).toMatchObject({ openRequests: 0, abortedRequests: 0 });
    } finally {
      await server.close();
    }
  });

  it('counts a request whose client goes away mid-stream as aborted, and stops writing to it', async () => {
    let firstChunkSent = 0;
    const server = await startMockLlmServer({ chunkDelayMs: 50, onFirstChunk: () => { firstChunkSent++; } });
    try {
      const controller = new AbortController();
      const response = await streamedChat(server.url, {}, controller.signal);
      const reader = response.body!.getReader();
      await reader.read();
      expect(server.stats()).toMatchObject({ openRequests: 1, abortedRequests: 0 });
      controller.abort();
      await until(() => server.stats().openRequests === 0);
      expect(server.stats()).toMatchObject({ openRequests: 0, abortedRequests: 1 });
      expect(firstChunkSent).toBe(1);
    } finally {
      await server.close();
    }
  });
});
