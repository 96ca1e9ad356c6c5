import { randomUUID } from 'node:crypto';
import type { OnlineEvaluationRule } from '@crucible/domain';
import { CustomThenCatalogPricing, IngestTracesUseCase, ProviderReadCache } from '@crucible/application';
import { InMemoryModelCatalog, InMemoryProviderConnectionDirectory } from '@crucible/application/testing';
import { type TestDatabase, openTestDatabase } from '../testing/test-database-fixture';
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
    await new IngestTracesUseCase(new TypeOrmTraceRepository(source), { maxSpansPerTrace: 100 }, pricing).execute(database.actor, { traces });
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
    await rules.complete(claim, score, minutes(1));
    await rules.complete(claim, { ...score, value: 0, stringValue: 'false' }, minutes(2));
    const rows: Array<{ value: number }> = await database.dataSource.query('SELECT value FROM scores WHERE project_id = $1 AND trace_id = $2', [rule.projectId, 'c-1']);
    expect(rows).toEqual([{ value: 1 }]);
    const page = await rules.executions(rule.projectId, rule.id, 'completed', { limit: 10, cursor: null });
    expect(page.items).toEqual([expect.objectContaining({ traceId: 'c-1', status: 'completed', scoreId: score.id })]);
    expect((await rules.counts(rule.projectId, [rule.id])).get(rule.id)).toEqual({ pending: 2, completed: 1, error: 0, skipped: 0 });
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
    await rules.fail(claim('c-1'), 'evaluator error: first', at(1));
    expect(await rules.failureStreak(rule.projectId, failing.id, now)).toEqual({ firstErrorAt: at(1), lastErrorAt: at(1), lastError: 'evaluator error: first' });
    const score = {
      id: `online-${failing.id}-c-2`, projectId: rule.projectId, traceId: 'c-2', spanId: null, name: 'regex', dataType: 'boolean' as const,
      value: 1, stringValue: 'true', comment: null, configId: null, source: 'online_evaluation' as const, authorId: failing.id, author: failing.name, createdAt: at(2),
    };
    await rules.complete(claim('c-2'), score, at(2));
    expect(await rules.failureStreak(rule.projectId, failing.id, now)).toBeNull();
    await rules.fail(claim('c-3'), 'evaluator error: third', at(3));
    expect(await rules.failureStreak(rule.projectId, failing.id, now)).toEqual({ firstErrorAt: at(3), lastErrorAt: at(3), lastError: 'evaluator error: third' });
    // Counting from a resume after the errors: none.
    expect(await rules.failureStreak(rule.projectId, failing.id, at(4))).toBeNull();

    expect(await rules.pauseItself(rule.projectId, failing.id, 'paused by itself', at(5))).toBe(true);
    expect(await rules.pauseItself(rule.projectId, failing.id, 'again', at(6))).toBe(false);
    expect(await rules.findById(rule.projectId, failing.id)).toMatchObject({ active: false, pausedReason: 'paused by itself', updatedAt: at(5) });
    expect(await rules.setActive(rule.projectId, failing.id, true, 'ignored', at(7))).toMatchObject({ active: true, pausedReason: null });
  });
});
