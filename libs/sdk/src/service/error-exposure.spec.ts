import request from 'supertest';
import { createService, Field, init } from '../index';
import { RegistryStandIn, resolvedConfig } from '../testing/registry-stand-in';

class Cfg {
  @Field({ default: 'p' }) prompt!: string;
}

describe('stack traces of a failing workflow', () => {
  const registry = new RegistryStandIn();
  const service = createService();
  service.entrypoint(Cfg)(async () => {
    throw new Error('model exploded');
  });
  const app = service.expressApp();

  beforeAll(() => registry.start());
  afterAll(() => registry.stop());
  beforeEach(() => registry.configs.set('env:app-1:production', resolvedConfig({ prompt: 'x' })));

  const deployedCall = () => request(app).post('/run').send({ inputs: {}, environment: 'production', app_id: 'app-1' });

  it('shows only the message to deployed callers by default', async () => {
    init({ host: registry.url, apiKey: 'k', exportTraces: false });
    const response = await deployedCall();
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ detail: { message: 'model exploded' } });
  });

  it('keeps the stack trace on the playground route, which the runner stores', async () => {
    init({ host: registry.url, apiKey: 'k', exportTraces: false });
    const response = await request(app).post('/playground/run').send({ inputs: {} });
    expect(response.status).toBe(500);
    expect(response.body.detail.stacktrace).toContain('model exploded');
  });

  it('shows it to deployed callers with init({ exposeErrors: true })', async () => {
    init({ host: registry.url, apiKey: 'k', exportTraces: false, exposeErrors: true });
    const response = await deployedCall();
    expect(response.body.detail.stacktrace).toContain('model exploded');
  });
});
