import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, fetch } from 'undici';
import { ConfigManager, createService, Field, routingContext, routingContextManager, RunningService } from '../index';

class Cfg {
  @Field({ default: 'none' }) tag!: string;
  @Field({ default: 0, type: 'int' }) index!: number;
}

/** A pseudo-random but repeatable delay so requests finish in a different order than they started. */
const jitter = (i: number) => (i * 7919) % 13;

describe('routing context', () => {
  it('is empty outside any context', () => {
    expect(routingContext.get()).toEqual({});
  });

  it('exposes every part inside routingContextManager, and restores the outer context after a nested one', async () => {
    const outer = { config: { a: 1 }, application: { id: 'app' }, variant: { id: 'v' }, environment: { name: 'production' } };
    await routingContextManager(outer, async () => {
      expect(routingContext.get()).toEqual(outer);
      await routingContextManager({ config: { a: 2 } }, async () => {
        await sleep(1);
        expect(routingContext.get()).toEqual({ config: { a: 2 } });
      });
      expect(routingContext.get().config).toEqual({ a: 1 });
    });
    expect(routingContext.get()).toEqual({});
  });

  it('returns the function result', () => {
    expect(routingContextManager({}, () => 42)).toBe(42);
  });

  it('keeps 1000 interleaved async tasks apart', async () => {
    const seen = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        routingContextManager({ config: { tag: `task-${i}`, index: i } }, async () => {
          await sleep(jitter(i));
          const first = (await ConfigManager.getFromRoute(Cfg)).tag;
          await sleep(jitter(i + 1));
          return [first, routingContext.get().config?.index];
        }),
      ),
    );
    expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => [`task-${i}`, i]));
  });

  describe('over HTTP', () => {
    const service = createService();
    let running: RunningService;
    let inFlight = 0;
    let maxInFlight = 0;

    service.route('/whoami', Cfg)(async (inputs, config) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await sleep(jitter(config.index));
      const viaManager = await ConfigManager.getFromRoute(Cfg);
      await sleep(jitter(config.index + 3));
      inFlight--;
      return { input: inputs.n, argument: config.tag, manager: viaManager.tag, context: routingContext.get().config?.tag };
    });

    // 1000 sockets opened at once overflow the listen backlog (511); dropped SYNs are retried after 1, 3, 7, 15 s,
    // which on a busy machine ran past the test's timeout. 100 sockets still keep many requests in flight together.
    const client = new Agent({ connections: 100 });

    beforeAll(async () => {
      running = await service.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await client.close();
      await running.close();
    });

    it('gives each of 1000 concurrent requests its own configuration', async () => {
      const results = await Promise.all(
        Array.from({ length: 1000 }, async (_, i) => {
          const response = await fetch(`${running.url}/playground/run/whoami`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ inputs: { n: i }, config: { tag: `req-${i}`, index: i } }),
            dispatcher: client,
          });
          return ((await response.json()) as { data: unknown }).data;
        }),
      );
      results.forEach((data, i) => expect(data).toEqual({ input: i, argument: `req-${i}`, manager: `req-${i}`, context: `req-${i}` }));
      expect(maxInFlight).toBeGreaterThan(1);
    }, 120_000);
  });
});
