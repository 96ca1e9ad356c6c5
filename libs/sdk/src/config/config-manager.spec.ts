import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ConfigManager, ConfigValidationError, createService, Field, init, MCField, routingContextManager } from '../index';
import { DEFAULT_HOST, sdkState } from '../init/sdk-state';
import { RegistryStandIn, resolvedConfig } from '../testing/registry-stand-in';

class Cfg {
  @Field({ default: 'default prompt' }) prompt!: string;
  @Field({ default: 3, ge: 1, type: 'int' }) top_k!: number;
  @MCField({ default: 'x', choices: ['x', 'y'] }) mode!: string;
}

const dir = mkdtempSync(join(tmpdir(), 'crucible-sdk-'));
function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('ConfigManager.getFromRoute', () => {
  const registry = new RegistryStandIn();
  beforeAll(() => registry.start());
  afterAll(() => registry.stop());
  beforeEach(() => {
    registry.configs.clear();
    registry.calls.length = 0;
    init({ host: registry.url, apiKey: 'k' });
  });

  it('inside a route returns the request configuration as a schema instance, or a plain object', async () => {
    const service = createService();
    service.route('/read', Cfg)(async () => {
      const typed = await ConfigManager.getFromRoute(Cfg);
      const plain = await ConfigManager.getFromRoute();
      return { typed, isInstance: typed instanceof Cfg, plain };
    });
    const response = await request(service.expressApp()).post('/playground/run/read').send({ inputs: {}, config: { top_k: 9 } });
    expect(response.body.data).toEqual({
      typed: { prompt: 'default prompt', top_k: 9, mode: 'x' },
      isInstance: true,
      plain: { prompt: 'default prompt', top_k: 9, mode: 'x' },
    });
    expect(registry.calls).toHaveLength(0);
  });

  it('inside routingContextManager validates the context config against the schema', async () => {
    await expect(routingContextManager({ config: { top_k: 0 } }, () => ConfigManager.getFromRoute(Cfg))).rejects.toThrow(ConfigValidationError);
    await expect(routingContextManager({ config: { mode: 'y', other: 1 } }, () => ConfigManager.getFromRoute(Cfg))).resolves.toMatchObject({ mode: 'y', top_k: 3 });
  });

  it('outside a route without references falls back to schema defaults', async () => {
    await expect(ConfigManager.getFromRoute(Cfg)).resolves.toEqual(Object.assign(new Cfg(), { prompt: 'default prompt', top_k: 3, mode: 'x' }));
    await expect(ConfigManager.getFromRoute()).resolves.toEqual({});
  });

  it('outside a route uses the config file default_config (YAML)', async () => {
    init({ host: registry.url, configFname: file('crucible.yaml', 'default_config:\n  top_k: 7\n  mode: y\n') });
    await expect(ConfigManager.getFromRoute(Cfg)).resolves.toMatchObject({ prompt: 'default prompt', top_k: 7, mode: 'y' });
    await expect(ConfigManager.getFromRoute()).resolves.toEqual({ top_k: 7, mode: 'y' });
  });

  it('outside a route fetches by app and environment from the config file (JSON) and caches', async () => {
    registry.configs.set('env:app-7:production', resolvedConfig({ prompt: 'from registry', top_k: 5 }, { app_id: 'app-7' }));
    init({ host: registry.url, apiKey: 'k', configFname: file('crucible.json', JSON.stringify({ app_id: 'app-7', environment: 'production', default_config: { top_k: 2 } })) });
    await expect(ConfigManager.getFromRoute(Cfg)).resolves.toMatchObject({ prompt: 'from registry', top_k: 5 });
    await expect(ConfigManager.getFromRoute()).resolves.toEqual({ prompt: 'from registry', top_k: 5 });
    expect(registry.calls).toEqual([{ query: { app_id: 'app-7', environment: 'production' }, authorization: 'ApiKey k' }]);
  });

  it('outside a route prefers a variant reference, with its pinned revision', async () => {
    registry.configs.set('variant:v-1:2', resolvedConfig({ prompt: 'variant rev 2' }));
    init({ host: registry.url, configFname: file('variant.yml', 'variant_id: v-1\nvariant_revision: 2\napp_id: a\nenvironment: production\n') });
    await expect(ConfigManager.getFromRoute(Cfg)).resolves.toMatchObject({ prompt: 'variant rev 2' });
  });

  it('outside a route reports a registry failure instead of silently using defaults', async () => {
    registry.failWith = 500;
    init({ host: registry.url, appId: 'a', environment: 'production' });
    await expect(ConfigManager.getFromRoute(Cfg)).rejects.toThrow(/Configuration unavailable/);
    registry.failWith = undefined;
  });
});

describe('init', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('defaults the host to the hosted cloud and redactOnError to true', () => {
    delete process.env.CRUCIBLE_HOST;
    delete process.env.CRUCIBLE_API_KEY;
    init();
    expect(sdkState()).toMatchObject({ host: DEFAULT_HOST, apiKey: undefined, redactOnError: true });
    expect(DEFAULT_HOST).toBe('https://cloud.crucible.dev');
  });

  it('rejects a missing or malformed config file with the path in the message', () => {
    expect(() => init({ configFname: join(dir, 'absent.yaml') })).toThrow(/Cannot read the Crucible SDK config file .*absent\.yaml/);
    expect(() => init({ configFname: file('bad.yaml', 'variant_revision: first\n') })).toThrow(/Invalid Crucible SDK config file .*variant_revision/);
    expect(() => init({ configFname: file('broken.json', '{"app_id": [') })).toThrow(/neither valid JSON nor YAML/);
  });

  it('reads host and API key from the environment, and a second init replaces the first', async () => {
    const registry = await new RegistryStandIn().start();
    try {
      registry.configs.set('env:a:production', resolvedConfig({ prompt: 'env host' }));
      process.env.CRUCIBLE_HOST = registry.url;
      process.env.CRUCIBLE_API_KEY = 'from-env';
      init({ appId: 'a', environment: 'production' });
      await expect(ConfigManager.getFromRoute()).resolves.toEqual({ prompt: 'env host' });
      expect(registry.calls[0].authorization).toBe('ApiKey from-env');

      init({ host: 'http://127.0.0.1:9' });
      await expect(ConfigManager.getFromRoute()).resolves.toEqual({});
      expect(registry.calls).toHaveLength(1);
    } finally {
      await registry.stop();
    }
  });
});
