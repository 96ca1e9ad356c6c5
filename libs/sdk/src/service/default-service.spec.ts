import { defaultService, entrypoint, Field, route, serve } from '../index';

class Cfg {
  @Field({ default: 'world' }) name!: string;
}

describe('default service', () => {
  entrypoint(Cfg)(async (_inputs, config) => `hello ${config.name}`);
  route('/shout', Cfg)(async (_inputs, config) => `HELLO ${config.name.toUpperCase()}`);

  it('collects top-level route() and entrypoint() declarations and serves them', async () => {
    expect(defaultService.routes.map((declared) => declared.path)).toEqual(['/', '/shout']);
    const running = await serve({ port: 0, host: '127.0.0.1' });
    try {
      const post = async (path: string, body: unknown) => {
        const response = await fetch(`${running.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return ((await response.json()) as { data: unknown }).data;
      };
      expect(await post('/generate', { inputs: {}, config: { name: 'ann' } })).toBe('hello ann');
      expect(await post('/playground/run/shout', { inputs: {} })).toBe('HELLO WORLD');
      const openapi = (await (await fetch(`${running.url}/openapi.json`)).json()) as { 'x-crucible-routes': { path: string }[] };
      expect(openapi['x-crucible-routes'].map((entry) => entry.path)).toEqual(['/', '/shout']);
    } finally {
      await running.close();
    }
  });
});
