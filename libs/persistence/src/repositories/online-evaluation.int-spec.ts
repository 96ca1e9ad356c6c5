import { randomUUID } from 'node:crypto';
import type { OnlineEvaluationRule } from '@crucible/domain';
import { CustomThenCatalogPricing, IngestTracesUseCase, ProviderReadCache } from '@crucible/application';
import { InMemoryModelCatalog, InMemoryProviderConnectionDirectory } from '@crucible/application/testing';
import { type TestDatabase, openTestDatabase } from '../testing/test-database-fixture';
import { openDataSource } from '../data-source/create-data-source';
import { TypeOrmAppRepository } from './app.repository';
import { TypeOrmCustomModelRepository } from './custom-model.repository';
import { TypeOrmEvaluatorConfigRepository } from './evaluator-config.repository';
import { TypeOrmOnlineEvaluationRepository } from './online-evaluation.repository';
import { TypeOrmTraceRepository } from './trace.repository';

const T0 = new Date('2026-11-28T10:00:00.000Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

/** §13 for online evaluations: a claim is leased; one whose runner died is claimed again once its lease lapses, never while it holds. */
describe.each(['pglite', 'postgres'] as const)('online evaluation claims on %s', (engine) => {
  let database: TestDatabase;
  let rules: TypeOrmOnlineEvaluationRepository;
  let rule: OnlineEvaluationRule;
  let ingest: IngestTracesUseCase;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    const source = database.dataSource;
    const { projectId } = database.actor;
    const app = { id: randomUUID(), projectId, name: 'leased', createdAt: T0, updatedAt: T0 };
    await new TypeOrmAppRepository(source).create(app, []);
    const configId = randomUUID();
    await new TypeOrmEvaluatorConfigRepository(source).create({
      id: configId, projectId, appId: app.id, name: 'regex', evaluatorKey: 'auto_regex_test', settingsValues: { regex_pattern: 'a' }, createdAt: T0, updatedAt: T0,
    });
    rules = new TypeOrmOnlineEvaluationRepository(source);
    rule = {
      id: randomUUID(), projectId, name: 'every trace', evaluatorConfigId: configId, appId: app.id, environment: null, filter: {},
      samplingRate: 1, delaySeconds: 0, active: true, pausedReason: null, createdAt: T0, updatedAt: T0, createdBy: 'key',
    };
    await rules.create(rule);
    const pricing = new CustomThenCatalogPricing(
      new TypeOrmCustomModelRepository(source), new InMemoryProviderConnectionDirectory(), new InMemoryModelCatalog([]), new ProviderReadCache(),
    );
    const at = new Date().toISOString();
    const traces = ['c-1', 'c-2', 'c-3'].map((id) => ({
      trace_id: id, app_id: app.id, latency_ms: 1, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 },
      spans: [{ span_id: `${id}-root`, parent_span_id: null, name: 'root', kind: 'workflow' as const, status: 'ok' as const, start_time: at, end_time: at, latency_ms: 1 }],
    }));
    ingest = new IngestTracesUseCase(new TypeOrmTraceRepository(source), { maxSpansPerTrace: 100 }, pricing);
    await ingest.execute(database.actor, { traces });
  });
  afterAll(() => database?.close());

  it('hands each due execution to one claimer, and a lapsed claim to the next', async () => {
    const due = new Date(Date.now() + 1000);
    const [first, second] = await Promise.all([rules.claimDue(due, new Date(due.getTime() + 300_000), 2), rules.claimDue(due, new Date(due.getTime() + 300_000), 2)]);
    const claimed = [...first!, ...second!].map((claim) => claim.traceId).sort();
    expect(claimed).toEqual(['c-1', 'c-2', 'c-3']);
    // Every claim is held: nothing is left to claim until the leases lapse.
    expect(await rules.claimDue(new Date(due.getTime() + 60_000), new Date(due.getTime() + 360_000), 10)).toEqual([]);
    const lapsed = await rules.claimDue(new Date(due.getTime() + 301_000), new Date(due.getTime() + 601_000), 10);
    expect(lapsed.map((claim) => claim.traceId).sort()).toEqual(['c-1', 'c-2', 'c-3']);
  });

  it('stores the score of a completed execution once, however often it is completed', async () => {
    const claim = { projectId: rule.projectId, ruleId: rule.id, traceId: 'c-1' };
    const score = {
      id: `online-${rule.id}-c-1`, projectId: rule.projectId, traceId: 'c-1', spanId: null, name: 'regex', dataType: 'boolean' as const,
      value: 1, stringValue: 'true', comment: null, configId: null, source: 'online_evaluation' as const, authorId: rule.id, author: rule.name, createdAt: minutes(1),
    };
    await rules.finish([{ claim, score }], minutes(1));
    await rules.finish([{ claim, score: { ...score, value: 0, stringValue: 'false' } }], minutes(2));
    const rows: Array<{ value: number }> = await database.dataSource.query('SELECT value FROM scores WHERE project_id = $1 AND trace_id = $2', [rule.projectId, 'c-1']);
    expect(rows).toEqual([{ value: 1 }]);
    const page = await rules.executions(rule.projectId, rule.id, 'completed', { limit: 10, cursor: null });
    expect(page.items).toEqual([expect.objectContaining({ traceId: 'c-1', status: 'completed', scoreId: score.id })]);
    expect((await rules.counts(rule.projectId, [rule.id])).get(rule.id)).toEqual({ pending: 2, completed: 1, error: 0, skipped: 0 });
  });

  it('ends a round\'s executions in one go, scores and errors alike, each once', async () => {
    const claim = (traceId: string) => ({ projectId: rule.projectId, ruleId: rule.id, traceId });
    const score = {
      id: `online-${rule.id}-c-2`, projectId: rule.projectId, traceId: 'c-2', spanId: null, name: 'regex', dataType: 'boolean' as const,
      value: 1, stringValue: 'true', comment: null, configId: null, source: 'online_evaluation' as const, authorId: rule.id, author: rule.name, createdAt: minutes(3),
    };
    await rules.finish([{ claim: claim('c-2'), score }, { claim: claim('c-3'), error: 'evaluator error: no ground truth' }], minutes(3));
    // Already ended: a late duplicate of the round (a runner whose lease lapsed) changes nothing, and stores no score.
    await rules.finish([{ claim: claim('c-3'), score: { ...score, id: `online-${rule.id}-c-3`, traceId: 'c-3' } }], minutes(4));
    const page = await rules.executions(rule.projectId, rule.id, undefined, { limit: 10, cursor: null });
    expect(Object.fromEntries(page.items.map((item) => [item.traceId, [item.status, item.reason, item.scoreId]]))).toEqual({
      'c-1': ['completed', null, `online-${rule.id}-c-1`], 'c-2': ['completed', null, score.id], 'c-3': ['error', 'evaluator error: no ground truth', null],
    });
    const rows: Array<{ trace_id: string }> = await database.dataSource.query('SELECT trace_id FROM scores WHERE project_id = $1 AND author_id = $2 ORDER BY trace_id', [rule.projectId, rule.id]);
    expect(rows.map((row) => row.trace_id)).toEqual(['c-1', 'c-2']);
  });

  it('reads a round\'s traces in one go, each with its first spans in start order, leaving out those not found', async () => {
    const at = (ms: number) => new Date(T0.getTime() + ms).toISOString();
    const span = (id: string, ms: number) => ({
      span_id: id, parent_span_id: id === 'root' ? null : 'root', name: id, kind: 'task' as const, status: 'ok' as const, start_time: at(ms), end_time: at(ms + 1), latency_ms: 1,
    });
    await ingest.execute(database.actor, { traces: [{
      trace_id: 'wide', app_id: 'elsewhere', latency_ms: 4, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 },
      spans: [span('third', 3), span('root', 0), span('second', 2), span('first', 1)],
    }] });
    const found = await new TypeOrmTraceRepository(database.dataSource).findManyWithFirstSpans(rule.projectId, ['wide', 'c-1', 'gone'], 3);
    expect([...found.keys()].sort()).toEqual(['c-1', 'wide']);
    expect(found.get('wide')!.spans.map((s) => s.spanId)).toEqual(['root', 'first', 'second']);
    expect(found.get('c-1')!.spans.map((s) => s.spanId)).toEqual(['c-1-root']);
    expect(found.get('wide')!.trace).toMatchObject({ traceId: 'wide', appId: 'elsewhere' });
  });

  it('sees a rule another process created or paused from the next trace batch on, though ingest keeps the rules between batches', async () => {
    // Another process on the same database (PGlite belongs to one process: there, the same one).
    const other = engine === 'postgres'
      ? await openDataSource({ kind: 'postgres', url: (database.dataSource.options as { url: string }).url })
      : database.dataSource;
    try {
      const app = { id: randomUUID(), projectId: rule.projectId, name: 'late rules', createdAt: T0, updatedAt: T0 };
      await new TypeOrmAppRepository(other).create(app, []);
      const trace = (id: string) => ({
        trace_id: id, app_id: app.id, latency_ms: 1, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 },
        spans: [{ span_id: `${id}-root`, parent_span_id: null, name: 'root', kind: 'workflow' as const, status: 'ok' as const, start_time: T0.toISOString(), end_time: T0.toISOString(), latency_ms: 1 }],
      });
      await ingest.execute(database.actor, { traces: [trace('late-0')] });
      const late = { ...rule, id: randomUUID(), appId: app.id, name: 'created elsewhere' };
      const elsewhere = new TypeOrmOnlineEvaluationRepository(other);
      await elsewhere.create(late);
      await ingest.execute(database.actor, { traces: [trace('late-1')] });
      await elsewhere.setActive(rule.projectId, late.id, false, 'paused by key', new Date());
      await ingest.execute(database.actor, { traces: [trace('late-2')] });
      await elsewhere.setActive(rule.projectId, late.id, true, null, new Date());
      await ingest.execute(database.actor, { traces: [trace('late-3')] });
      // A rule that pauses itself (a runner, after a round) is seen the same way.
      expect(await elsewhere.pauseItself(rule.projectId, late.id, 'paused by itself', new Date())).toBe(true);
      await ingest.execute(database.actor, { traces: [trace('late-4')] });
      const page = await rules.executions(rule.projectId, late.id, undefined, { limit: 10, cursor: null });
      expect(page.items.map((item) => [item.traceId, item.status, item.reason])).toEqual([
        ['late-1', 'pending', null], ['late-2', 'skipped', 'paused'], ['late-3', 'pending', null], ['late-4', 'skipped', 'paused'],
      ]);
    } finally {
      if (other !== database.dataSource) await other.destroy();
    }
  });

  it('holds an execution back for the rule\'s delay before anyone may claim it', async () => {
    const delayed = { ...rule, id: randomUUID(), name: 'a minute later', delaySeconds: 60 };
    await rules.create(delayed);
    const now = new Date();
    expect(await rules.backfill(delayed, new Date(now.getTime() - 3_600_000), new Date(now.getTime() + 1000), now)).toBe(3);
    const ofDelayed = (claims: Array<{ ruleId: string }>) => claims.filter((claim) => claim.ruleId === delayed.id);
    expect(ofDelayed(await rules.claimDue(new Date(now.getTime() + 59_000), new Date(now.getTime() + 359_000), 10))).toEqual([]);
    expect(ofDelayed(await rules.claimDue(new Date(now.getTime() + 60_000), new Date(now.getTime() + 360_000), 10))).toHaveLength(3);
  });

  it('finds the errors since the latest completed execution, and pauses an active rule once', async () => {
    const failing = { ...rule, id: randomUUID(), name: 'failing' };
    await rules.create(failing);
    const now = new Date();
    await rules.backfill(failing, new Date(now.getTime() - 3_600_000), new Date(now.getTime() + 1000), now);
    const claim = (traceId: string) => ({ projectId: rule.projectId, ruleId: failing.id, traceId });
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    await rules.finish([{ claim: claim('c-1'), error: 'evaluator error: first' }], at(1));
    expect(await rules.failureStreak(rule.projectId, failing.id, now)).toEqual({ firstErrorAt: at(1), lastErrorAt: at(1), lastError: 'evaluator error: first' });
    const score = {
      id: `online-${failing.id}-c-2`, projectId: rule.projectId, traceId: 'c-2', spanId: null, name: 'regex', dataType: 'boolean' as const,
      value: 1, stringValue: 'true', comment: null, configId: null, source: 'online_evaluation' as const, authorId: failing.id, author: failing.name, createdAt: at(2),
    };
    await rules.finish([{ claim: claim('c-2'), score }], at(2));
    expect(await rules.failureStreak(rule.projectId, failing.id, now)).toBeNull();
    await rules.finish([{ claim: claim('c-3'), error: 'evaluator error: third' }], at(3));
    expect(await rules.failureStreak(rule.projectId, failing.id, now)).toEqual({ firstErrorAt: at(3), lastErrorAt: at(3), lastError: 'evaluator error: third' });
    // Counting from a resume after the errors: none.
    expect(await rules.failureStreak(rule.projectId, failing.id, at(4))).toBeNull();

    expect(await rules.pauseItself(rule.projectId, failing.id, 'paused by itself', at(5))).toBe(true);
    expect(await rules.pauseItself(rule.projectId, failing.id, 'again', at(6))).toBe(false);
    expect(await rules.findById(rule.projectId, failing.id)).toMatchObject({ active: false, pausedReason: 'paused by itself', updatedAt: at(5) });
    expect(await rules.setActive(rule.projectId, failing.id, true, 'ignored', at(7))).toMatchObject({ active: true, pausedReason: null });
  });
});
