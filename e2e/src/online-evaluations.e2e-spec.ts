import type { CrucibleClient, CrucibleSchemas } from '@crucible/client';
import { type Engine, type RunningApi, startApi } from './support/api-harness';
import { answer, ok } from './support/api-answers';
import { overrideEnvironment } from './support/process-environment';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
/** CRUCIBLE_ONLINE_EVALUATION_SELF_PAUSE_SECONDS for the suite: 5 minutes shortened so a rule can pause itself within a test. */
const SELF_PAUSE_SECONDS = 2;
const LIVE_TRACES = 1000;
const SAMPLING_RATE = 0.1;
/** The binomial 99.9 % interval of sampled-in traces: n·p ± 3.29·√(n·p·(1−p)). */
const SAMPLED_RANGE = (() => {
  const mean = LIVE_TRACES * SAMPLING_RATE;
  const spread = 3.29 * Math.sqrt(mean * (1 - SAMPLING_RATE));
  return [Math.floor(mean - spread), Math.ceil(mean + spread)] as const;
})();

interface TraceShape {
  app: string;
  start?: string;
  environment?: string;
}

function traceRecord(traceId: string, { app, start = new Date().toISOString(), environment = 'production' }: TraceShape) {
  const end = new Date(Date.parse(start) + 5).toISOString();
  return {
    trace_id: traceId, app_id: app, environment, latency_ms: 5, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 },
    inputs: { q: `question ${traceId}` }, output: `answer ${traceId}`,
    spans: [{ span_id: `${traceId}-root`, parent_span_id: null, name: 'workflow', kind: 'workflow', status: 'ok', start_time: start, end_time: end, latency_ms: 5 }],
  };
}

/** ARCHITECTURE §18: online evaluation rules — an evaluator config run on sampled live traces of an app. */
describe.each<Engine>(['pglite', 'postgres'])('online evaluations on %s', (engine) => {
  let server: RunningApi;
  let api: CrucibleClient;
  let appId: string;
  let otherAppId: string;
  let configId: string;
  let otherAppConfigId: string;
  let restoreEnvironment: () => void;

  beforeAll(async () => {
    restoreEnvironment = overrideEnvironment({ CRUCIBLE_ONLINE_EVALUATION_SELF_PAUSE_SECONDS: String(SELF_PAUSE_SECONDS) });
    server = await startApi(engine);
    api = server.api;
    appId = (await ok(api.POST('/apps', { body: { app_name: 'support-bot' } }))).app_id;
    otherAppId = (await ok(api.POST('/apps', { body: { app_name: 'other-bot' } }))).app_id;
    const config = (app: string, name: string) => ok(api.POST('/evaluators/configs', {
      body: { app_id: app, name, evaluator_key: 'auto_exact_match', settings_values: {} },
    }));
    configId = (await config(appId, 'exact')).id;
    otherAppConfigId = (await config(otherAppId, 'exact-other')).id;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    restoreEnvironment();
  });

  const create = (body: CrucibleSchemas['CreateOnlineEvaluationDto']) => answer(api.POST('/online-evaluations', { body }));
  const rulePath = (ruleId: string) => ({ params: { path: { rule_id: ruleId } } });

  it('creates a rule over an app with its evaluator config, active, with no executions yet', async () => {
    const created = await create({
      name: ' helpfulness ', evaluator_config_id: configId, app_id: appId, environment: 'production',
      filter: { route: '/chat', status: 'ok' }, sampling_rate: 0.25, delay_seconds: 30,
    });
    expect(created).toMatchObject({ status: 200, body: {
      name: 'helpfulness', evaluator_config_id: configId, app_id: appId, environment: 'production', filter: { route: '/chat', status: 'ok' },
      sampling_rate: 0.25, delay_seconds: 30, active: true, executions: { pending: 0, completed: 0, error: 0, skipped: 0 },
    } });
    expect(await ok(api.GET('/online-evaluations/{rule_id}', rulePath(created.body.id)))).toEqual(created.body);
  });

  it('refuses bad input with 422 naming the field, unknown apps and configs included', async () => {
    const base = { name: 'r', evaluator_config_id: configId, app_id: appId, sampling_rate: 0.5 };
    const refused = async (body: CrucibleSchemas['CreateOnlineEvaluationDto'], field: string, words: string) =>
      expect(await create(body)).toMatchObject({ status: 422, body: { detail: [
        expect.objectContaining({ loc: ['body', field], msg: expect.stringContaining(words) }),
      ] } });
    await refused({ ...base, sampling_rate: 1.5 }, 'sampling_rate', 'between 0 and 1');
    await refused({ ...base, sampling_rate: -0.1 }, 'sampling_rate', 'between 0 and 1');
    await refused({ ...base, name: '  ' }, 'name', 'must not be empty');
    await refused({ ...base, delay_seconds: -1 }, 'delay_seconds', '0 or more');
    await refused({ ...base, app_id: UNKNOWN }, 'app_id', `app ${UNKNOWN} not found`);
    await refused({ ...base, evaluator_config_id: UNKNOWN }, 'evaluator_config_id', `evaluator config ${UNKNOWN} not found`);
    await refused({ ...base, evaluator_config_id: otherAppConfigId }, 'evaluator_config_id', 'belongs to another app');
    expect((await create({ ...base, filter: { status: 'maybe' } } as never)).status).toBe(422);
    expect((await answer(api.GET('/online-evaluations/{rule_id}', rulePath(UNKNOWN)))).status).toBe(404);
    expect((await answer(api.PATCH('/online-evaluations/{rule_id}', { ...rulePath(UNKNOWN), body: { active: false } }))).status).toBe(404);
  });

  it('pauses and resumes a rule', async () => {
    const rule = (await create({ name: 'pausable', evaluator_config_id: configId, app_id: appId, sampling_rate: 1 })).body;
    const paused = await ok(api.PATCH('/online-evaluations/{rule_id}', { ...rulePath(rule.id), body: { active: false } }));
    expect(paused).toMatchObject({ id: rule.id, active: false, paused_reason: expect.stringMatching(/^paused by .+ at \d{4}-\d\d-\d\dT/) });
    expect(rule.paused_reason).toBeNull();
    expect(await ok(api.GET('/online-evaluations/{rule_id}', rulePath(rule.id)))).toEqual(paused);
    // Pausing a paused rule changes nothing, not even who paused it.
    expect(await ok(api.PATCH('/online-evaluations/{rule_id}', { ...rulePath(rule.id), body: { active: false } }))).toEqual(paused);
    expect(await ok(api.PATCH('/online-evaluations/{rule_id}', { ...rulePath(rule.id), body: { active: true } })))
      .toMatchObject({ active: true, paused_reason: null });
  });

  it('lists rules oldest first, one page at a time (§10), never another project\'s', async () => {
    const all = await ok(api.GET('/online-evaluations'));
    expect(all.map((rule) => rule.name)).toEqual(['helpfulness', 'pausable']);
    const first = await answer(api.GET('/online-evaluations', { params: { query: { limit: 1 } } }));
    expect(first.body.map((rule: { name: string }) => rule.name)).toEqual(['helpfulness']);
    expect(first.headers.get('link')).toMatch(/rel="next"/);
    const stranger = server.withKey((await ok(api.POST('/projects', { body: { name: `stranger-${engine}` } }))).api_key!.key);
    expect(await ok(stranger.GET('/online-evaluations'))).toEqual([]);
  });

  describe('on live traces', () => {
    let liveApp: string;
    let answerConfig: string;
    const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${engine}-${i}`);
    const ingest = async (traceIds: string[], shape: TraceShape) => {
      for (let at = 0; at < traceIds.length; at += 500) {
        const traces = traceIds.slice(at, at + 500).map((traceId) => traceRecord(traceId, shape));
        expect((await server.client.post('/traces', { traces })).status).toBe(200);
      }
    };
    const settled = async (ruleId: string) => {
      for (let round = 0; round < 240; round++) {
        const rule = await ok(api.GET('/online-evaluations/{rule_id}', rulePath(ruleId)));
        if (rule.executions.pending === 0) return rule;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`rule ${ruleId} still has pending executions after 60 s`);
    };
    const executions = (ruleId: string, status?: 'pending' | 'completed' | 'error' | 'skipped') =>
      ok(api.GET('/online-evaluations/{rule_id}/executions', { params: { path: { rule_id: ruleId }, query: { status, limit: 1000 } } }));

    beforeAll(async () => {
      liveApp = (await ok(api.POST('/apps', { body: { app_name: 'live-bot' } }))).app_id;
      answerConfig = (await ok(api.POST('/evaluators/configs', {
        body: { app_id: liveApp, name: 'says-answer', evaluator_key: 'auto_regex_test', settings_values: { regex_pattern: '^answer ' } },
      }))).id;
    });

    it(`samples ${LIVE_TRACES} traces deterministically at ${SAMPLING_RATE}, scores the sampled ones and says why it skipped the others`, async () => {
      const rule = (await create({ name: 'sampled', evaluator_config_id: answerConfig, app_id: liveApp, sampling_rate: SAMPLING_RATE })).body;
      const traceIds = ids('live', LIVE_TRACES);
      await ingest(traceIds, { app: liveApp });
      const done = await settled(rule.id);
      const completed = done.executions.completed;
      expect(done.executions).toEqual({ pending: 0, completed, error: 0, skipped: LIVE_TRACES - completed });
      expect(completed).toBeGreaterThanOrEqual(SAMPLED_RANGE[0]);
      expect(completed).toBeLessThanOrEqual(SAMPLED_RANGE[1]);
      const skipped = await executions(rule.id, 'skipped');
      expect(skipped).toHaveLength(LIVE_TRACES - completed);
      expect(new Set(skipped.map((execution) => execution.reason))).toEqual(new Set(['sampled out']));
      const evaluated = await executions(rule.id, 'completed');
      expect(new Set([...evaluated, ...skipped].map((execution) => execution.trace_id))).toEqual(new Set(traceIds));
      const scores = await ok(api.GET('/scores', { params: { query: { source: 'online_evaluation', name: 'says-answer', limit: 1000 } } }));
      expect(scores).toHaveLength(completed);
      expect(new Set(scores.map((score) => score.id))).toEqual(new Set(evaluated.map((execution) => execution.score_id)));
      expect(scores[0]).toMatchObject({ source: 'online_evaluation', value: 1, author: 'sampled', online_evaluation_id: rule.id });

      // The same trace ids again: stored once, seen once, evaluated once.
      await ingest(traceIds, { app: liveApp });
      expect((await settled(rule.id)).executions).toEqual(done.executions);
      expect(await ok(api.GET('/scores', { params: { query: { source: 'online_evaluation', name: 'says-answer', limit: 1000 } } }))).toHaveLength(completed);
    }, 120_000);

    it('logs traces that fail the filter with the reason, and those arriving while paused as `skipped: paused`', async () => {
      const rule = (await create({ name: 'staging only', evaluator_config_id: answerConfig, app_id: liveApp, environment: 'staging', sampling_rate: 1 })).body;
      await ingest(ids('prod', 2), { app: liveApp });
      await ingest(ids('staging', 3), { app: liveApp, environment: 'staging' });
      expect((await settled(rule.id)).executions).toEqual({ pending: 0, completed: 3, error: 0, skipped: 2 });
      expect((await executions(rule.id, 'skipped')).map((execution) => execution.reason))
        .toEqual(['filter did not match: environment is production, not staging', 'filter did not match: environment is production, not staging']);
      await ok(api.PATCH('/online-evaluations/{rule_id}', { ...rulePath(rule.id), body: { active: false } }));
      await ingest(ids('paused', 4), { app: liveApp, environment: 'staging' });
      expect((await settled(rule.id)).executions).toEqual({ pending: 0, completed: 3, error: 0, skipped: 6 });
      const paused = (await executions(rule.id, 'skipped')).filter((execution) => execution.reason === 'paused');
      expect(paused.map((execution) => execution.trace_id).sort()).toEqual(ids('paused', 4).sort());
    }, 60_000);

    it('writes the evaluator\'s error into the log', async () => {
      const broken = (await ok(api.POST('/evaluators/configs', {
        body: { app_id: liveApp, name: 'needs-answer', evaluator_key: 'auto_exact_match', settings_values: {} },
      }))).id;
      const rule = (await create({ name: 'erring', evaluator_config_id: broken, app_id: liveApp, sampling_rate: 1 })).body;
      await ingest(ids('erring', 2), { app: liveApp });
      const done = await settled(rule.id);
      const failed = await executions(rule.id, 'error');
      expect(done.executions).toEqual({ pending: 0, completed: 0, error: 2, skipped: 0 });
      // Exact match compares against a ground truth, which a live trace does not carry: the log says so per trace.
      const reason = expect.stringMatching(/^evaluator error: .*ground truth/);
      expect(failed.map((execution) => execution.reason)).toEqual([reason, reason]);
    }, 60_000);

    it(`pauses itself once every evaluation failed for ${SELF_PAUSE_SECONDS} s, says why, and skips later traces as paused`, async () => {
      const flakyApp = (await ok(api.POST('/apps', { body: { app_name: 'flaky-bot' } }))).app_id;
      // Exact match needs a ground truth, which no live trace carries: every evaluation fails.
      const broken = (await ok(api.POST('/evaluators/configs', {
        body: { app_id: flakyApp, name: 'needs-truth', evaluator_key: 'auto_exact_match', settings_values: {} },
      }))).id;
      const rule = (await create({ name: 'always failing', evaluator_config_id: broken, app_id: flakyApp, sampling_rate: 1 })).body;
      await ingest(ids('flaky-first', 1), { app: flakyApp });
      expect((await settled(rule.id)).executions).toMatchObject({ error: 1 });
      // One error is no run of errors yet: the rule stays active until they span the whole window.
      expect(await ok(api.GET('/online-evaluations/{rule_id}', rulePath(rule.id)))).toMatchObject({ active: true, paused_reason: null });
      await new Promise((resolve) => setTimeout(resolve, SELF_PAUSE_SECONDS * 1000 + 100));
      await ingest(ids('flaky-later', 1), { app: flakyApp });
      let paused = await settled(rule.id);
      for (let round = 0; paused.active && round < 40; round++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        paused = await ok(api.GET('/online-evaluations/{rule_id}', rulePath(rule.id)));
      }
      expect(paused).toMatchObject({
        active: false, executions: { pending: 0, completed: 0, error: 2, skipped: 0 },
        paused_reason: expect.stringMatching(
          new RegExp(`^paused by itself at \\d{4}-.+Z: every evaluation failed for ${SELF_PAUSE_SECONDS} seconds; last error: evaluator error: .*ground truth`),
        ),
      });
      await ingest(ids('flaky-paused', 2), { app: flakyApp });
      expect((await settled(rule.id)).executions).toEqual({ pending: 0, completed: 0, error: 2, skipped: 2 });
      expect((await executions(rule.id, 'skipped')).map((execution) => execution.reason)).toEqual(['paused', 'paused']);
      expect(await ok(api.PATCH('/online-evaluations/{rule_id}', { ...rulePath(rule.id), body: { active: true } })))
        .toMatchObject({ active: true, paused_reason: null });
    }, 60_000);

    it('hands the evaluator the trace\'s spans: a tool-trajectory rule scores the tools a live trace called', async () => {
      const toolApp = (await ok(api.POST('/apps', { body: { app_name: 'agent-bot' } }))).app_id;
      const trajectory = (await ok(api.POST('/evaluators/configs', {
        body: { app_id: toolApp, name: 'search-then-fetch', evaluator_key: 'tool_trajectory', settings_values: { expected_tools: ['search', 'fetch'] } },
      }))).id;
      const rule = (await create({ name: 'trajectory', evaluator_config_id: trajectory, app_id: toolApp, sampling_rate: 1 })).body;
      const agentTrace = (traceId: string, tools: string[]) => {
        const base = traceRecord(traceId, { app: toolApp });
        const start = base.spans[0]!.start_time;
        const toolSpans = tools.map((name, i) => ({
          ...base.spans[0]!, span_id: `${traceId}-tool-${i}`, parent_span_id: `${traceId}-root`, name, kind: 'tool',
          start_time: new Date(Date.parse(start) + i + 1).toISOString(), end_time: new Date(Date.parse(start) + i + 2).toISOString(), latency_ms: 1,
        }));
        return { ...base, spans: [...base.spans, ...toolSpans] };
      };
      const traces = [agentTrace(`agent-good-${engine}`, ['search', 'fetch']), agentTrace(`agent-bad-${engine}`, ['fetch'])];
      expect((await server.client.post('/traces', { traces })).status).toBe(200);
      expect((await settled(rule.id)).executions).toEqual({ pending: 0, completed: 2, error: 0, skipped: 0 });
      const scores = await ok(api.GET('/scores', { params: { query: { source: 'online_evaluation', name: 'search-then-fetch' } } }));
      expect(Object.fromEntries(scores.map((score) => [score.trace_id, score.value])))
        .toEqual({ [`agent-good-${engine}`]: 1, [`agent-bad-${engine}`]: 0 });
    }, 60_000);

    it('backfills exactly the traces of its app that started in [from, to)', async () => {
      const historyApp = (await ok(api.POST('/apps', { body: { app_name: 'history-bot' } }))).app_id;
      const config = (await ok(api.POST('/evaluators/configs', {
        body: { app_id: historyApp, name: 'history-answer', evaluator_key: 'auto_regex_test', settings_values: { regex_pattern: '^answer ' } },
      }))).id;
      const inHour = ids('hour', 12);
      for (const [i, traceId] of inHour.entries()) await ingest([traceId], { app: historyApp, start: `2026-11-20T10:${String(i * 5).padStart(2, '0')}:00.000Z` });
      await ingest(ids('before', 3), { app: historyApp, start: '2026-11-20T09:59:59.999Z' });
      await ingest(ids('after', 4), { app: historyApp, start: '2026-11-20T11:00:00.000Z' });
      const rule = (await create({ name: 'history', evaluator_config_id: config, app_id: historyApp, sampling_rate: 1 })).body;
      expect((await ok(api.GET('/online-evaluations/{rule_id}', rulePath(rule.id)))).executions).toEqual({ pending: 0, completed: 0, error: 0, skipped: 0 });
      const backfilled = await ok(api.POST('/online-evaluations/{rule_id}/backfill', {
        ...rulePath(rule.id), body: { from: '2026-11-20T10:00:00.000Z', to: '2026-11-20T11:00:00.000Z' },
      }));
      expect(backfilled).toEqual({ traces: inHour.length });
      expect((await settled(rule.id)).executions).toEqual({ pending: 0, completed: inHour.length, error: 0, skipped: 0 });
      expect((await executions(rule.id)).map((execution) => execution.trace_id).sort()).toEqual([...inHour].sort());
      expect(await answer(api.POST('/online-evaluations/{rule_id}/backfill', {
        ...rulePath(rule.id), body: { from: '2026-11-20T11:00:00.000Z', to: '2026-11-20T10:00:00.000Z' },
      }))).toMatchObject({ status: 422 });
    }, 60_000);
  });
});
