import { startMockLlmServer } from './mock-llm.server';

describe('the mock with an expected API key', () => {
  it('answers 401 to a call without it or with another, and serves the one that carries it (Bearer or x-api-key)', async () => {
    const mock = await startMockLlmServer({ apiKey: 'sk-right-1234' });
    try {
      const models = (headers: Record<string, string>) => fetch(`${mock.url}/models`, { headers });
      const wrong = await models({ authorization: 'Bearer sk-wrong-9999' });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toMatchObject({ error: { message: expect.stringMatching(/Incorrect API key provided: …9999/) } });
      expect((await models({})).status).toBe(401);
      expect((await models({ authorization: 'Bearer sk-right-1234' })).status).toBe(200);
      expect((await models({ 'x-api-key': 'sk-right-1234' })).status).toBe(200);
    } finally {
      await mock.close();
    }
  });
});
