import type { TraceRecord } from '@crucible/contracts';
import type { Actor } from '@crucible/domain';
import {
  CustomThenCatalogPricing, GetTraceUseCase, IngestOtlpTracesUseCase, IngestTracesUseCase, ListTracesUseCase, PrepareTraceDaysUseCase,
  ProviderReadCache, PurgeExpiredTracesUseCase, TRACE_DAYS_AHEAD,
} from '@crucible/application';
import { InMemoryModelCatalog, InMemoryProviderConnectionDirectory } from '@crucible/application/testing';
import { TraceWeekPartitions1795897231670 } from '../migrations/1795897231670-trace-week-partitions';
import { type TestDatabase, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmCustomModelRepository } from './custom-model.repository';
import { TypeOrmScoreRepository } from './score.repository';
import { TypeOrmTraceRepository } from './trace.repository';

const DAY_MS = 86_400_000;
const LIMITS = { maxSpansPerTrace: 100 };
const nanos = (date: Date) => `${BigInt(date.getTime()) * 1_000_000n}`;
/** A time's week partition's suffix: its Monday (UTC). */
const week = (time: Date) => {
  const day = Math.floor(time.getTime() / DAY_MS) * DAY_MS;
  return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');
};

/** An SDK trace of one span. */
function sdkTrace(id: string, start: Date): TraceRecord {
  const end = new Date(start.getTime() + 50);
  return {
    trace_id: id, latency_ms: 50, cost: 0, tokens: { prompt: 0, completion: 0, total: 0 }, app_id: 'app-1', environment: 'production', inputs: { q: id }, output: id,
    spans: [{ span_id: `${id}-root`, parent_span_id: null, name: 'generate', kind: 'workflow', status: 'ok',
      start_time: start.toISOString(), end_time: end.toISOString(), latency_ms: 50 }],
  };
}

describe.each(['postgres', 'pglite'] as const)('trace week partitions on %s', (engine) => {
  let database: TestDatabase;
  let actor: Actor;
  let useCases: ReturnType<typeof wire>;

  function wire() {
    const repository = new TypeOrmTraceRepository(database.dataSource);
    const pricing = new CustomThenCatalogPricing(new TypeOrmCustomModelRepository(database.dataSource), new InMemoryProviderConnectionDirectory(),
      new InMemoryModelCatalog([]), new ProviderReadCache());
    return {
      ingest: new IngestTracesUseCase(repository, LIMITS, pricing),
      ingestOtlp: new IngestOtlpTracesUseCase(repository, LIMITS, pricing),
      list: new ListTracesUseCase(repository),
      get: new GetTraceUseCase(repository, new TypeOrmScoreRepository(database.dataSource)),
      prepare: new PrepareTraceDaysUseCase(repository),
      purge: new PurgeExpiredTracesUseCase(repository),
    };
  }

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    actor = database.actor;
    useCases = wire();
  });
  afterEach(() => database?.close());

  const query = (sql: string, params: unknown[] = []): Promise<Array<Record<string, unknown>>> => database.dataSource.query(sql, params);
  /** The partitions of `traces` and of `spans` that exist, by name. */
  const partitions = async (): Promise<string[]> => (await query(
    `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent IN ('traces'::regclass, 'spans'::regclass) ORDER BY 1`,
  )).map((row) => String(row['relname']));
  const tableExists = async (name: string): Promise<boolean> => (await query('SELECT to_regclass($1) IS NOT NULL AS found', [name]))[0]!['found'] === true;
  /** Which table holds each trace of the project, by trace id. */
  const homes = async (): Promise<Record<string, string>> => Object.fromEntries((await query(
    'SELECT trace_id, tableoid::regclass::text AS home FROM traces WHERE project_id = $1', [actor.projectId],
  )).map((row) => [String(row['trace_id']), String(row['home'])]));
  const count = async (sql: string): Promise<number> => Number((await query(sql, [actor.projectId]))[0]!['n']);
  const score = (traceId: string) => query(
    `INSERT INTO scores (project_id, id, trace_id, name, data_type, value, source, created_at) VALUES ($1, $2, $3, 'helpful', 'numeric', 1, 'api', now())`,
    [actor.projectId, `score-${traceId}`, traceId],
  );

  it('makes the partitions of the weeks of today and the next days, each once', async () => {
    const now = new Date('2031-03-12T15:00:00.000Z');
    const weeks = [...new Set(Array.from({ length: TRACE_DAYS_AHEAD + 1 }, (_, i) => week(new Date(now.getTime() + i * DAY_MS))))];
    expect(weeks).toEqual(['20310310', '20310317']);
    expect(await useCases.prepare.execute({ now })).toBe(2);
    expect(await useCases.prepare.execute({ now })).toBe(0);
    expect(await partitions()).toEqual(expect.arrayContaining(['spans_default', 'spans_w20310310', 'spans_w20310317', 'traces_default', 'traces_w20310310', 'traces_w20310317']));
  });

  it('drops the partitions of expired weeks whole, with their scores and keys, and keeps the weeks after', async () => {
    const now = new Date('2031-03-10T15:00:00.000Z');
    const expired = new Date('2031-01-05T10:00:00.000Z');
    const kept = new Date('2031-02-20T10:00:00.000Z');
    await useCases.prepare.execute({ now: expired });
    await useCases.prepare.execute({ now: kept });
    await useCases.ingest.execute(actor, { traces: [sdkTrace('expired-1', expired), sdkTrace('expired-2', expired), sdkTrace('kept', kept)] });
    await useCases.ingestOtlp.execute(actor, { resourceSpans: [{ scopeSpans: [{ spans: [
      { traceId: 'e'.repeat(32), spanId: '1'.repeat(16), parentSpanId: '2'.repeat(16), name: 'child', startTimeUnixNano: nanos(expired), endTimeUnixNano: nanos(expired) },
    ] }] }] });
    // A later batch puts its spans in the spans partition of the trace's day.
    await useCases.ingestOtlp.execute(actor, { resourceSpans: [{ scopeSpans: [{ spans: [
      { traceId: 'e'.repeat(32), spanId: '2'.repeat(16), name: 'root', startTimeUnixNano: nanos(expired), endTimeUnixNano: nanos(expired) },
    ] }] }] });
    await score('expired-1');
    await score('kept');
    expect(await homes()).toEqual({ 'expired-1': `traces_w${week(expired)}`, 'expired-2': `traces_w${week(expired)}`,
      ['e'.repeat(32)]: `traces_w${week(expired)}`, kept: `traces_w${week(kept)}` });
    expect(await count(`SELECT count(*) AS n FROM spans_w${week(expired)} WHERE project_id = $1`)).toBe(1);

    expect(await useCases.purge.execute({ retentionDays: 30, now })).toBe(3);

    expect(await tableExists(`traces_w${week(expired)}`)).toBe(false);
    expect(await tableExists(`spans_w${week(expired)}`)).toBe(false);
    expect(await partitions()).not.toContain(`traces_w${week(expired)}`);
    expect(await partitions()).toContain(`traces_w${week(kept)}`);
    expect(await homes()).toEqual({ kept: `traces_w${week(kept)}` });
    expect(await count('SELECT count(*) AS n FROM trace_keys WHERE project_id = $1')).toBe(1);
    expect(await count('SELECT count(*) AS n FROM scores WHERE project_id = $1')).toBe(1);
    expect((await useCases.get.execute(actor, 'kept')).scores.map((s) => s.id)).toEqual(['score-kept']);
    await expect(useCases.get.execute(actor, 'expired-1')).rejects.toMatchObject({ code: 'not_found' });
    expect(await useCases.purge.execute({ retentionDays: 30, now })).toBe(0);
  });

  it('stores a trace of a week without partitions in the default one, purges it when old, and moves it when its week gets partitions', async () => {
    const now = new Date('2031-03-10T15:00:00.000Z');
    await useCases.prepare.execute({ now });
    const ancient = new Date('2019-06-01T00:00:00.000Z');
    const future = new Date('2090-01-01T00:00:00.000Z');
    const laterThisMonth = new Date('2031-03-25T12:00:00.000Z');
    await useCases.ingest.execute(actor, { traces: [sdkTrace('ancient', ancient), sdkTrace('future', future), sdkTrace('later', laterThisMonth)] });
    expect(await homes()).toEqual({ ancient: 'traces_default', future: 'traces_default', later: 'traces_default' });

    expect(await useCases.purge.execute({ retentionDays: 30, now })).toBe(1);
    expect(Object.keys(await homes()).sort()).toEqual(['future', 'later']);

    await useCases.prepare.execute({ now: laterThisMonth });
    expect(await homes()).toEqual({ future: 'traces_default', later: `traces_w${week(laterThisMonth)}` });
    expect((await useCases.get.execute(actor, 'later')).spans.map((span) => span.spanId)).toEqual(['later-root']);
    expect((await useCases.list.execute(actor, {}, { limit: 10, after: null })).traces.map((trace) => trace.traceId)).toEqual(['future', 'later']);
  });

  it('reads a trace by id from the partitions of its own week alone', async () => {
    const weeks = ['2031-01-06', '2031-01-13', '2031-01-20', '2031-01-27'].map((day) => new Date(`${day}T10:00:00.000Z`));
    for (const day of weeks) await useCases.prepare.execute({ now: day });
    await useCases.ingest.execute(actor, { traces: weeks.map((day, i) => sdkTrace(`week-${i}`, day)) });
    const sent: Array<[string, unknown[]]> = [];
    const original = database.dataSource.query.bind(database.dataSource);
    const spied = jest.spyOn(database.dataSource, 'query').mockImplementation((sql: string, params?: unknown[] | object) => {
      sent.push([sql, Array.isArray(params) ? params : []]);
      return original(sql, params as unknown[]);
    });
    const { spans } = await useCases.get.execute(actor, 'week-2');
    spied.mockRestore();
    expect(spans.map((span) => span.spanId)).toEqual(['week-2-root']);
    const read = new Set<string>();
    for (const [sql, params] of sent.filter(([sql]) => /\b(traces|spans)\b/.test(sql) && !/trace_keys|scores/.test(sql))) {
      const [plan] = await database.dataSource.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      const relations = JSON.stringify(plan).match(/"Relation Name":\s*"[a-z_0-9]+"/g) ?? [];
      for (const relation of relations) read.add(relation.replace(/.*"([a-z_0-9]+)"$/, '$1'));
    }
    expect([...read].sort()).toEqual([`spans_w${week(weeks[2]!)}`, `traces_w${week(weeks[2]!)}`]);
  });

  it('keeps one row per trace id: sent again, or grown by a batch that moves its start to the day before', async () => {
    const midnight = new Date('2031-03-10T00:00:00.000Z');
    await useCases.prepare.execute({ now: new Date(midnight.getTime() - DAY_MS) });
    const batch = { traces: [sdkTrace('again', midnight)] };
    await useCases.ingest.execute(actor, batch);
    expect(await useCases.ingest.execute(actor, batch)).toMatchObject({ traces: 0, spans: 0 });

    const traceId = 'd'.repeat(32);
    const child = { traceId, spanId: '1'.repeat(16), parentSpanId: '2'.repeat(16), name: 'child',
      startTimeUnixNano: nanos(new Date(midnight.getTime() + 1000)), endTimeUnixNano: nanos(new Date(midnight.getTime() + 2000)) };
    const root = { traceId, spanId: '2'.repeat(16), name: 'root',
      startTimeUnixNano: nanos(new Date(midnight.getTime() - 5000)), endTimeUnixNano: nanos(new Date(midnight.getTime() + 3000)) };
    expect(await useCases.ingestOtlp.execute(actor, { resourceSpans: [{ scopeSpans: [{ spans: [child] }] }] })).toMatchObject({ traces: 1, spans: 1 });
    expect(await useCases.ingestOtlp.execute(actor, { resourceSpans: [{ scopeSpans: [{ spans: [root] }] }] })).toMatchObject({ traces: 0, spans: 1 });

    expect(await count('SELECT count(*) AS n FROM traces WHERE project_id = $1')).toBe(2);
    expect(await count('SELECT count(*) AS n FROM trace_keys WHERE project_id = $1')).toBe(2);
    const { trace, spans } = await useCases.get.execute(actor, traceId);
    expect(trace).toMatchObject({ name: 'root', spanCount: 2, startTime: new Date(midnight.getTime() - 5000) });
    expect(spans.map((span) => span.name)).toEqual(['root', 'child']);
    // The trace stays in the partition of the day it was first stored on (a Monday: the week before has its own), its spans with it.
    expect((await homes())[traceId]).toBe(`traces_w${week(midnight)}`);
    expect(await count(`SELECT count(*) AS n FROM spans_w${week(midnight)} WHERE project_id = $1`)).toBe(1);
    const listed = await useCases.list.execute(actor, { from: new Date(midnight.getTime() - DAY_MS), to: midnight }, { limit: 10, after: null });
    expect(listed.traces.map((item) => item.traceId)).toEqual([traceId]);
  });

  it('moves the rows of a store that had them into the partitions, and back', async () => {
    const today = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 3_600_000);
    const old = new Date(today.getTime() - 90 * DAY_MS);
    await useCases.ingest.execute(actor, { traces: [sdkTrace('today', today), sdkTrace('old', old)] });
    await useCases.ingestOtlp.execute(actor, { resourceSpans: [{ scopeSpans: [{ spans: [
      { traceId: 'f'.repeat(32), spanId: '1'.repeat(16), parentSpanId: '2'.repeat(16), name: 'child', startTimeUnixNano: nanos(today), endTimeUnixNano: nanos(today) }] }] }] });
    await useCases.ingestOtlp.execute(actor, { resourceSpans: [{ scopeSpans: [{ spans: [
      { traceId: 'f'.repeat(32), spanId: '2'.repeat(16), name: 'root', startTimeUnixNano: nanos(today), endTimeUnixNano: nanos(today) }] }] }] });
    await score('old');
    // PGlite has one connection: a runner holds it until released.
    const migrate = async (step: 'up' | 'down') => {
      const runner = database.dataSource.createQueryRunner();
      try {
        await new TraceWeekPartitions1795897231670()[step](runner);
      } finally {
        await runner.release();
      }
    };
    await migrate('down');
    expect(await tableExists('trace_keys')).toBe(false);
    expect(await partitions()).toEqual([]);
    expect(await count('SELECT count(*) AS n FROM traces WHERE project_id = $1')).toBe(3);
    expect(await count('SELECT count(*) AS n FROM spans WHERE project_id = $1')).toBe(1);
    await migrate('up');
    expect(await homes()).toEqual({ today: `traces_w${week(today)}`, old: 'traces_default', ['f'.repeat(32)]: `traces_w${week(today)}` });
    expect(await count(`SELECT count(*) AS n FROM spans_w${week(today)} WHERE project_id = $1`)).toBe(1);
    expect((await useCases.get.execute(actor, 'old')).scores.map((s) => s.id)).toEqual(['score-old']);
    expect((await useCases.get.execute(actor, 'f'.repeat(32))).spans).toHaveLength(2);
    expect(await useCases.purge.execute({ retentionDays: 30 })).toBe(1);
    expect(await count('SELECT count(*) AS n FROM scores WHERE project_id = $1')).toBe(0);
  });
});
