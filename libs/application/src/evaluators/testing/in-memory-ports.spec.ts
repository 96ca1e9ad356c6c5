import { InMemoryCodeSandbox } from './in-memory-code-sandbox';
import { InMemoryLlmGateway, InMemoryModelPricing } from '../../providers/testing';
import { InMemoryWebhookClient } from './in-memory-webhook-client';

describe('in-memory evaluator ports', () => {
  it('LLM: scripted reply, echo, token counts, cost and bag-of-words embeddings', async () => {
    const llm = new InMemoryLlmGateway(new InMemoryModelPricing({ m: { input: 1, output: 2 } }));
    const scripted = await llm.generate({ projectId: 'p', model: 'm', messages: [{ role: 'user', content: 'Grade it\nMOCK_REPLY: 7/10\nMOCK_REPLY: ignored' }] });
    expect(scripted).toMatchObject({ text: '7/10', model: 'm', usage: { input: 9, output: 2 }, cost: 13 / 1e6 });
    expect((await llm.generate({ projectId: 'p', model: 'm', messages: [{ role: 'user', content: ' hi ' }] })).text).toBe('Echo: hi');
    const { vectors: [a, b, c] } = await llm.embed({ projectId: 'p', model: 'e', input: ['red apple', 'Apple, red!', 'blue sky'] });
    expect(a).toHaveLength(64);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    llm.simulateOutage('down');
    await expect(llm.embed({ projectId: 'p', model: 'e', input: ['x'] })).rejects.toThrow('down');
  });

  it('webhook: routes by URL over a JSON round trip, refuses unknown URLs and times out', async () => {
    const webhook = new InMemoryWebhookClient()
      .route('http://a/score', (body) => ({ echoed: body }))
      .route('http://a/slow', () => new Promise(() => undefined));
    expect(await webhook.post('http://a/score', { when: new Date(0), skip: undefined }, 100)).toEqual({
      echoed: { when: '1970-01-01T00:00:00.000Z' },
    });
    await expect(webhook.post('http://a/other', {}, 100)).rejects.toThrow(/ECONNREFUSED/);
    await expect(webhook.post('http://a/slow', {}, 20)).rejects.toThrow(/within 20 ms/);
  });

  it('sandbox: runs function and const declarations, copies arguments and enforces the time limit', async () => {
    const sandbox = new InMemoryCodeSandbox();
    const limits = { cpuTimeMs: 100, wallTimeMs: 100, memoryMb: 8 };
    const args = [{ n: 1 }];
    expect(await sandbox.run('function f(o) { o.n = 5; return o.n * 2; }', 'f', args, limits)).toBe(10);
    expect(args).toEqual([{ n: 1 }]);
    expect(await sandbox.run('const f = async (x) => x + 1;', 'f', [1], limits)).toBe(2);
    await expect(sandbox.run('function g() {}', 'f', [], limits)).rejects.toThrow(/does not define a function f/);
    await expect(sandbox.run('function f() { while (true) {} }', 'f', [], limits)).rejects.toThrow(/timed out/);
    await expect(sandbox.run('function f() { return new Promise(() => {}); }', 'f', [], limits)).rejects.toThrow(/timed out/);
  });
});
