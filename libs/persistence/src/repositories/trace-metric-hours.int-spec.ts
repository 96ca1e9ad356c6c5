import type { TraceRecord } from '@crucible/contracts';
import type { Actor, MetricsInterval, TraceFilter, TraceMetricsBucket } from '@crucible/domain';
import {
  CustomThenCatalogPricing, GetTraceMetricsUseCase, IngestTracesUseCase, ProviderReadCache, PurgeExpiredTracesUseCase,
} from '@crucible/application';
import { InMemoryModelCatalog, InMemoryProviderConnectionDirectory } from '@crucible/application/testing';
import { metricsBucketFromRow } from '../mappers/trace.mapper';
import { type TestDatabase, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmCustomModelRepository } from './custom-model.repository';
import { summarizeSealedHours } from './trace-metric-hours';
import { TypeOrmTraceRepository } from './trace.repository';
import { filterClauses, traceMetricsSql } from './trace.sql';

const HOUR = 3_600_000;
/** Ten days ago on an hour: sealed hours whatever day the suite runs. */
const START = Math.floor((Date.now() - 10 * 86_400_000) / HOUR) * HOUR - 24 * HOUR;
const APPS = ['app-a', 'app-b'];
const ENVIRONMENTS = ['production', 'staging'];

/** A one-span trace; `n` picks its app, environment, latency (with ties), tokens, cost and whether it failed. */
function trace(id: string, at: number, n: number, latency = 5 + ((n * 37) % 23) * 11.5): TraceRecord {
  const start = new Date(at);
  const tokens = { prompt: 10 + (n % 7), completion: 3 + (n % 5), total: 13 + (n % 7) + (n % 5) };
  return {
    trace_id: id, latency_ms: latency, cost: 0.001 * (1 + (n % 3)), tokens,
    spans: [{
      span_id: `${id}-root`, parent_span_id: null, name: 'generate', kind: 'workflow', status: n % 9 === 0 ? 'error' : 'ok',
      start_time: start.toISOString(), end_time: new Date(at + latency).toISOString(), latency_ms: latency, tokens,
      cost: 0.001 * (1 + (n % 3)), ...(n % 9 === 0 ? { error: { message: 'boom' } } : {}),
    }],
    app_id: APPS[n % 2]!, environment: ENVIRONMENTS[Math.floor(n / 2) % 2]!, inputs: { q: id }, output: id,
  };
}

/** 300 traces over 30 hours. */
const TRACES = Array.from({ length: 300 }, (_, n) => trace(`h-${n}`, START + n * 6 * 60_000 + (n % 4) * 1000, n));
const CATALOG = new InMemoryModelCatalog([]);

describe.each(['postgres', 'pglite'] as const)('trace metrics from summed hours on %s', (engine) => {
  let database: TestDatabase;
  let actor: Actor;
  let ingest: IngestTracesUseCase;
  let metrics: GetTraceMetricsUseCase;
  let purge: PurgeExpiredTracesUseCase;

  /** The buckets `/traces/metrics` answered before sums existed: straight from the traces. */
  async function fromTraces(filter: TraceFilter & { from: Date; to: Date }, interval: MetricsInterval): Promise<TraceMetricsBucket[]> {
    const { where, params } = filterClauses(actor.projectId, filter);
    params.push(interval);
    const rows: Array<Record<string, unknown>> = await database.dataSource.query(traceMetricsSql(where, params.length), params);
    return rows.map(metricsBucketFromRow);
  }

  async function expectSameFigures(filter: TraceFilter & { from: Date; to: Date }, interval: MetricsInterval) {
    const expected: TraceMetricsBucket[] = await fromTraces(filter, interval);
    const { buckets } = await metrics.execute(actor, filter, interval);
    expect(buckets.length).toBeGreaterThan(0);
    // Sums of floating-point costs differ in their last bits when added in another order.
    const withoutCost = (bucket: TraceMetricsBucket) => ({ ...bucket, cost: 0 });
    expect(buckets.map(withoutCost)).toEqual(expected.map(withoutCost));
    buckets.forEach((bucket, i) => expect(bucket.cost).toBeCloseTo(expected[i]!.cost, 12));
  }

  const waitingOnLock = async (): Promise<boolean> => (await database.dataSource.query(
    `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  )).length > 0;

  const summedHours = async (): Promise<number> => Number((await database.dataSource.query(
    'SELECT count(*) AS n FROM trace_metric_hours WHERE project_id = $1 AND summed_version = version', [actor.projectId],
  ))[0].n);

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    actor = database.actor;
    const repository = new TypeOrmTraceRepository(database.dataSource);
    const pricing = new CustomThenCatalogPricing(new TypeOrmCustomModelRepository(database.dataSource), new InMemoryProviderConnectionDirectory(), CATALOG, new ProviderReadCache());
    ingest = new IngestTracesUseCase(repository, { maxSpansPerTrace: 100 }, pricing);
    metrics = new GetTraceMetricsUseCase(repository);
    purge = new PurgeExpiredTracesUseCase(repository);
    await ingest.execute(actor, { traces: TRACES });
  });
  afterAll(() => database?.close());

  // From and to off the hour: the partial hours at both ends come from the traces, the whole ones from the sums.
  const range = { from: new Date(START + 20 * 60_000), to: new Date(START + 29 * HOUR + 10 * 60_000) };

  it('gives exactly the figures the traces give, percentiles included, by hour and by day, for any app and environment', async () => {
    for (const interval of ['hour', 'day'] as const) {
      await expectSameFigures({ ...range, appId: 'app-a', environment: 'production' }, interval);
      await expectSameFigures({ ...range, appId: 'app-b' }, interval);
      await expectSameFigures({ ...range, environment: 'staging' }, interval);
      await expectSameFigures(range, interval);
    }
    expect(await summedHours()).toBe(28);
    // Read again from the sums alone: the same.
    await expectSameFigures({ ...range, appId: 'app-a', environment: 'production' }, 'hour');
    expect((await metrics.execute(database.otherActor, range, 'hour')).buckets).toEqual([]);
  });

  it('counts a late trace in a summed hour at once, and a trace changed there', async () => {
    const filter = { ...range, appId: 'app-a', environment: 'production' };
    await expectSameFigures(filter, 'hour');
    const hour = START + 5 * HOUR;
    const before = (await metrics.execute(actor, filter, 'hour')).buckets.find((bucket) => bucket.bucket.getTime() === hour)!;
    await ingest.execute(actor, { traces: [trace('late', hour + 30 * 60_000, 0, 90_000)] });
    const after = (await metrics.execute(actor, filter, 'hour')).buckets.find((bucket) => bucket.bucket.getTime() === hour)!;
    expect(after.count).toBe(before.count + 1);
    expect(after.p95LatencyMs).toBeGreaterThan(before.p95LatencyMs!);
    await expectSameFigures(filter, 'hour');
    expect(await summedHours()).toBe(28);

    await database.dataSource.query(`UPDATE traces SET latency_ms = 1, start_time = start_time + interval '3 hours' WHERE project_id = $1 AND trace_id = 'late'`, [actor.projectId]);
    await expectSameFigures(filter, 'hour');
    await expectSameFigures(filter, 'day');
  });

  it('drops the sums of the hours retention cuts', async () => {
    // Eight days before the others: a week retention drops whole while the others' week stays.
    const old = START - 8 * 86_400_000;
    const oldRange = { from: new Date(old), to: new Date(old + HOUR) };
    await ingest.execute(actor, { traces: [trace('old-1', old + 60_000, 1), trace('old-2', old + 120_000, 2)] });
    expect((await metrics.execute(actor, oldRange, 'hour')).buckets.map((bucket) => bucket.count)).toEqual([2]);
    const sumsOfOldHour = 'SELECT count(*)::int AS n FROM trace_metric_hours WHERE project_id = $1 AND hour = $2';
    expect((await database.dataSource.query(sumsOfOldHour, [actor.projectId, new Date(old).toISOString()]))[0].n).toBeGreaterThan(0);
    const retentionDays = 20;
    await purge.execute({ retentionDays, now: new Date(START + retentionDays * 86_400_000) });
    expect((await database.dataSource.query(sumsOfOldHour, [actor.projectId, new Date(old).toISOString()]))[0].n).toBe(0);
    expect((await metrics.execute(actor, oldRange, 'hour')).buckets).toEqual([]);
    expect(await summedHours()).toBeGreaterThan(0);
    await expectSameFigures(range, 'hour');
    await expectSameFigures({ ...range, appId: 'app-b', environment: 'staging' }, 'day');
  });

  if (engine === 'postgres') {
    it('reads from the traces the hours it may not sum while retention holds the lock', async () => {
      const retention = database.dataSource.createQueryRunner();
      await retention.connect();
      try {
        await retention.startTransaction();
        await retention.query(`SELECT pg_advisory_xact_lock(hashtext('trace_metric_hours'))`);
        await ingest.execute(actor, { traces: [trace('while-retention', START + 15 * HOUR + 60_000, 2, 60_000)] });
        const summed = await summedHours();
        await expectSameFigures(range, 'hour');
        await expectSameFigures({ ...range, appId: 'app-a', environment: 'staging' }, 'day');
        expect(await summedHours()).toBe(summed);
      } finally {
        await retention.rollbackTransaction();
        await retention.release();
      }
    });

    it('never keeps a sum made while a trace of its hour was being written', async () => {
      const hour = START + 20 * HOUR;
      const filter = { from: new Date(hour), to: new Date(hour + HOUR), appId: 'app-a' };
      await database.dataSource.query('DELETE FROM trace_metric_hours WHERE project_id = $1 AND hour = $2', [actor.projectId, new Date(hour).toISOString()]);
      const writer = database.dataSource.createQueryRunner();
      await writer.connect();
      try {
        await writer.startTransaction();
        // The writer's trace, not committed: a sum made now cannot see it.
        await writer.query(`INSERT INTO traces (project_id, trace_id, source, name, app_id, status, start_time, end_time, latency_ms, span_count, start_day)
          VALUES ($1, 'in-flight', 'sdk', 'generate', 'app-a', 'ok', $2, $2, 77777, 1, ($2::timestamptz AT TIME ZONE 'UTC')::date)`, [actor.projectId, new Date(hour + 60_000).toISOString()]);
        const summing = database.dataSource.transaction((manager) => summarizeSealedHours(manager, actor.projectId, new Date(hour), new Date(hour + HOUR)));
        // The summing waits for the writer's hour row (its claim), then finds the version moved on.
        while (!await waitingOnLock()) await new Promise((resolve) => setTimeout(resolve, 10));
        await writer.commitTransaction();
        await summing;
      } finally {
        await writer.release();
      }
      const [bucket] = (await metrics.execute(actor, filter, 'hour')).buckets;
      expect(bucket!.p95LatencyMs).toBeGreaterThan(10_000);
      await expectSameFigures(filter, 'hour');
    });
  }
});
