import { InMemoryWorld, actorOf } from '../../testing';
import { InMemoryModelPricing } from '../../providers/testing';
import { GetVariantUseCase } from '../../registry/use-cases/get-variant.use-case';
import { UpdateVariantParametersUseCase } from '../../registry/use-cases/update-variant-parameters.use-case';
import { DeployUseCase } from '../../environments/use-cases/deploy.use-case';
import { ResolveConfigUseCase } from '../../environments/use-cases/resolve-config.use-case';
import { BackgroundTraceWriter } from '../../traces/background-trace-writer';
import { DeployedConfigCache } from './deployed-config-cache';
import { DeployedConfigLoader } from './deployed-config-loader';
import { InvokeAppUseCase } from './invoke-app.use-case';

describe('invoking an app through the gateway', () => {
  const world = new InMemoryWorld();
  const actor = actorOf();
  const getVariant = new GetVariantUseCase(world.variants);
  const cache = new DeployedConfigCache();
  const deploy = new DeployUseCase(world.environments, world.variants, getVariant, cache);
  const update = new UpdateVariantParametersUseCase(world.variants, getVariant, world.prompts.parameters);
  const resolve = new ResolveConfigUseCase(world.environments, world.variants, getVariant, world.apps);
  const failures: unknown[] = [];
  const traces = new BackgroundTraceWriter(world.traces, { maxSpansPerTrace: 100 }, new InMemoryModelPricing(), (error) => failures.push(error));
  const invoke = new InvokeAppUseCase(new DeployedConfigLoader(cache, resolve, world.variants), world.invoker, traces);
  let resolutions = 0;
  const resolveOnce = resolve.execute.bind(resolve);
  resolve.execute = (...args) => {
    resolutions++;
    return resolveOnce(...args);
  };

  async function deployedApp() {
    const app = await world.seedApp(actor);
    const view = await world.seedVariant(actor, app, 'main', { greeting: 'hello' });
    world.invoker.register(world.playgroundUrlOf(view), (call) => ({ output: `${String(call.config['greeting'])} ${String(call.inputs['name'])}`, cost: 0.5 }));
    await deploy.execute(actor, { appId: app.id, environmentName: 'production', variantId: view.variant.id });
    return { app, view };
  }

  it('answers the output with its trace id, tokens, cost and latency, and writes the trace behind the answer', async () => {
    const { app, view } = await deployedApp();
    const answer = await invoke.execute(actor, { appId: app.id, inputs: { name: 'Ada' } });
    expect(answer).toEqual({ data: 'hello Ada', trace_id: expect.any(String), usage: { input_tokens: 1, output_tokens: 1 }, cost: 0.5, latency: 12 });
    await traces.flush();
    const stored = await world.traces.findById(actor.projectId, answer.trace_id, { limit: 10, after: null });
    expect(stored?.trace).toMatchObject({ appId: app.id, variantId: view.variant.id, environment: 'production', status: 'ok', output: 'hello Ada' });
    expect(failures).toEqual([]);
  });

  it('resolves the deployment once, and again only after a deploy', async () => {
    const { app, view } = await deployedApp();
    const before = resolutions;
    for (let call = 0; call < 5; call++) await invoke.execute(actor, { appId: app.id, inputs: { name: 'Ada' } });
    expect(resolutions - before).toBe(1);
    await update.execute(actor, { variantId: view.variant.id, parameters: { greeting: 'bonjour' } });
    expect((await invoke.execute(actor, { appId: app.id, inputs: { name: 'Ada' } })).data).toBe('hello Ada');
    await deploy.execute(actor, { appId: app.id, environmentName: 'production', variantId: view.variant.id });
    expect((await invoke.execute(actor, { appId: app.id, inputs: { name: 'Ada' } })).data).toBe('bonjour Ada');
    expect(resolutions - before).toBe(2);
  });

  it('passes the conversation as the messages input', async () => {
    const { app } = await deployedApp();
    await invoke.execute(actor, { appId: app.id, inputs: { name: 'Ada' }, messages: [{ role: 'user', content: 'hi' }] });
    expect(world.invoker.calls.at(-1)!.call.inputs).toEqual({ name: 'Ada', messages: [{ role: 'user', content: 'hi' }] });
  });

  it('names the environment when nothing is deployed there, and does not keep the miss', async () => {
    const app = await world.seedApp(actor);
    await expect(invoke.execute(actor, { appId: app.id, environment: 'staging', inputs: {} }))
      .rejects.toMatchObject({ code: 'not_found', message: `nothing is deployed to environment "staging" of app ${app.id}` });
    await expect(invoke.execute(actor, { appId: app.id, environment: 'qa', inputs: {} }))
      .rejects.toMatchObject({ code: 'not_found', message: `environment "qa" not found in app ${app.id}` });
  });

  it('answers a failing workflow as an upstream failure and records a trace marked error', async () => {
    const { app, view } = await deployedApp();
    world.invoker.register(world.playgroundUrlOf(view), () => ({ failure: 'the model is down', retryable: true, status: 500 }));
    await expect(invoke.execute(actor, { appId: app.id, inputs: { name: 'Ada' } })).rejects.toMatchObject({ code: 'upstream_failure', message: 'the model is down' });
    await traces.flush();
    const page = await world.traces.list(actor.projectId, { appId: app.id, status: 'error' }, { limit: 10, after: null });
    expect(page.traces).toHaveLength(1);
    expect(page.traces[0]).toMatchObject({ environment: 'production', status: 'error', error: { message: 'the model is down' } });
  });
});
