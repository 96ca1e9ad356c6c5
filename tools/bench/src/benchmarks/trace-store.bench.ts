/**
 * The trace store at scale (issue 42): 100 000 then 1 000 000 traces (5 spans each, inline in their row as the SDK's
 * traces are stored) written straight into PostgreSQL by SQL, then the console's reads through the api, 50 calls
 * each: the first page of `GET /traces` for an app and environment, the same with `q`, `/traces/metrics` hourly over
 * 30 days, the first page of `GET /sessions`, and one trace by id. PostgreSQL only: PGlite is for small stores. The metrics' first read
 * after each fill is reported on its own: it sums the sealed hours the fill wrote to (migration 1795897800000).
 * BENCH_TRACE_STORE_TRACES scales the largest size down (the smaller stays 100 000 at most).
 */
import { DataSource } from 'typeorm';
import { TraceRepository } from '@crucible/application';
import type { Benchmark } from '../support/benchmark';
import { type Stand, openStand } from '../support/stand';
import type { BenchRow } from '../support/table';

const LARGEST = Number(process.env['BENCH_TRACE_STORE_TRACES'] ?? 1_000_000);
const SIZES = [...new Set([Math.min(100_000, LARGEST), LARGEST])];
const CALLS = 50;
/** Rows per INSERT, so each statement's transaction stays small and progress shows. */
const CHUNK = 100_000;
const DAY_MS = 86_400_000;

/** One of these is in each question: a common word (2 % of traces) is the `q` a user types first. */
const WORDS = ['refund', 'cancel', 'track', 'return', 'upgrade', 'downgrade', 'invoice', 'pay', 'ship', 'change',
  'reset', 'verify', 'export', 'import', 'share', 'delete', 'rename', 'merge', 'split', 'archive', 'restore', 'print',
  'sign', 'renew', 'transfer', 'close', 'open', 'link', 'unlink', 'report', 'dispute', 'confirm', 'schedule', 'move',
  'copy', 'sync', 'block', 'unblock', 'activate', 'deactivate', 'redeem', 'gift', 'split-pay', 'insure', 'claim',
  'compare', 'review', 'rate', 'replace', 'repair'];

/**
 * Traces `$2` ≤ i < `$3` of project `$1`, of a fill of `$6` traces from `$5` spread evenly over the 30 days before `$4`
 * (epoch seconds), in time order as ingest writes them: every size covers the same month. Ten consecutive traces form
 * a block of one app, environment and user, split into two sessions of 1–9 traces (a fifth of the blocks have none).
 * Each trace gets its key, in the week partitions the store has for the month (migration 1795897231670).
 */
const FILL_SQL = `
  WITH stored AS (
  INSERT INTO traces (project_id, trace_id, source, name, app_id, variant_id, variant_revision_id, environment, route,
    session_id, user_id, status, start_time, end_time, latency_ms, cost, cost_source, prompt_tokens, completion_tokens,
    total_tokens, model, inputs, output, error, span_count, inline_spans,
    inputs_preview, inputs_truncated, output_preview, output_truncated, start_day)
  SELECT $1::uuid, g.trace_id, 'sdk', 'generate', g.app_id, g.variant_id, g.variant_id || '-r1', g.environment, '/',
    g.session_id, g.user_id, g.status, g.start_time, g.start_time + g.latency_ms * interval '1 millisecond', g.latency_ms,
    g.prompt_tokens * 0.00000015 + g.completion_tokens * 0.0000006, 'reported', g.prompt_tokens, g.completion_tokens,
    g.prompt_tokens + g.completion_tokens, 'gpt-4o-mini', g.inputs, g.output,
    CASE WHEN g.status = 'error' THEN jsonb_build_object('message', 'upstream timed out') END, 5,
    jsonb_build_array(
      span(g.trace_id, 0, NULL, 'generate', 'workflow', g.start_time, g.latency_ms, g.inputs, g.output, NULL, NULL),
      span(g.trace_id, 1, 0, 'retrieve', 'task', g.start_time, g.latency_ms * 0.1, g.inputs, to_jsonb('three documents'::text), NULL, NULL),
      span(g.trace_id, 2, 0, 'rank', 'task', g.start_time, g.latency_ms * 0.05, NULL, NULL, NULL, NULL),
      span(g.trace_id, 3, 0, 'llm.chat', 'llm', g.start_time, g.latency_ms * 0.8, g.inputs, g.output, g.prompt_tokens, g.completion_tokens),
      span(g.trace_id, 4, 0, 'format', 'task', g.start_time, g.latency_ms * 0.05, NULL, g.output, NULL, NULL)),
    left(g.inputs::text, 500), length(g.inputs::text) > 500, left(g.output::text, 500), length(g.output::text) > 500,
    (g.start_time AT TIME ZONE 'UTC')::date
  FROM (
    SELECT b.*, 'trace-' || lpad(b.i::text, 8, '0') AS trace_id,
      'app-' || (b.h % 4 + 1) AS app_id, 'variant-' || (b.h % 4 + 1) || '-' || (b.h / 4 % 2) AS variant_id,
      (ARRAY['production', 'production', 'staging', 'development'])[b.h / 8 % 4 + 1] AS environment,
      CASE WHEN b.h / 32 % 5 <> 0 THEN 'session-' || b.block || CASE WHEN b.i % 10 < 1 + b.h / 160 % 9 THEN 'a' ELSE 'b' END END AS session_id,
      'user-' || (b.h / 1440 % 2000) AS user_id,
      CASE WHEN b.r % 50 = 0 THEN 'error' ELSE 'ok' END AS status,
      to_timestamp($4::float8 - 200 - 30 * 86400 * (1 - (b.block * 10 - $5::bigint)::float8 / $6::bigint) + (b.i % 10) * 20) AS start_time,
      (200 + b.r % 3000)::float8 AS latency_ms, 50 + b.r % 500 AS prompt_tokens, 10 + b.r / 7 % 200 AS completion_tokens,
      jsonb_build_object('question', 'How do I ' || (ARRAY[${WORDS.map((word) => `'${word}'`).join(', ')}])[b.r % ${WORDS.length} + 1]
        || ' my order ' || substr(md5(b.i::text), 1, 10) || ' as customer ' || (b.r / 64 % 5000) || '?') AS inputs,
      to_jsonb('Sure. Open Orders, pick order ' || substr(md5(b.i::text), 1, 10) || ' and follow the steps on the screen; '
        || repeat('our team answers every request within one working day. ', 4)) AS output
    FROM (
      SELECT i, i / 10 AS block, abs(hashint8(i / 10)) AS h, abs(hashint8(i)) AS r FROM generate_series($2::bigint, $3::bigint - 1) AS i
    ) b
  ) g
  RETURNING project_id, trace_id, start_day)
  INSERT INTO trace_keys (project_id, trace_id, start_day) SELECT project_id, trace_id, start_day FROM stored`;

/** A span of the inline array, as `jsonb_to_recordset(… SPAN_RECORD_COLUMNS)` reads it back. */
const SPAN_FUNCTION = `
  CREATE OR REPLACE FUNCTION pg_temp.span(trace text, n int, parent int, name text, kind text, start timestamptz, latency float8,
    inputs jsonb, outputs jsonb, prompt bigint, completion bigint) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT jsonb_build_object('span_id', substr(md5(trace || '-' || n), 1, 16),
      'parent_span_id', CASE WHEN parent IS NOT NULL THEN substr(md5(trace || '-' || parent), 1, 16) END,
      'name', name, 'kind', kind, 'status', 'ok', 'start_time', start, 'end_time', start + latency * interval '1 millisecond',
      'latency_ms', latency, 'inputs', inputs, 'outputs', outputs, 'error', NULL,
      'model', CASE WHEN kind = 'llm' THEN 'gpt-4o-mini' END, 'prompt_tokens', prompt, 'completion_tokens', completion,
      'total_tokens', prompt + completion, 'cost', CASE WHEN kind = 'llm' THEN prompt * 0.00000015 + completion * 0.0000006 END,
      'attributes', jsonb_build_object('service.name', 'bench'), 'cost_source', CASE WHEN kind = 'llm' THEN 'reported' END)
  $$`;

interface Read {
  name: string;
  goalMs: number;
  path(now: number): string;
}

/** A word of WORDS (2 % of traces) and a customer number (1 in 5 000): the common `q` and the needle. */
const READS: Read[] = [
  { name: 'GET /traces first page (app, environment, 50)', goalMs: 100, path: () => '/traces?app_id=app-1&environment=production&limit=50' },
  { name: 'GET /traces?q=refund (2 % match)', goalMs: 300, path: () => '/traces?app_id=app-1&environment=production&limit=50&q=refund' },
  { name: 'GET /traces?q="customer 4242" (1 in 5 000)', goalMs: 300, path: () => `/traces?app_id=app-1&environment=production&limit=50&q=${encodeURIComponent('customer 4242')}` },
  {
    name: 'GET /traces/metrics hourly, 30 days', goalMs: 500,
    path: (now) => `/traces/metrics?app_id=app-1&environment=production&interval=hour&from=${new Date(now - 30 * DAY_MS).toISOString()}&to=${new Date(now).toISOString()}`,
  },
  { name: 'GET /sessions first page (app, 50)', goalMs: 150, path: () => '/sessions?app_id=app-1&limit=50' },
  // A trace of every size's fill, its spans' first page with it: what the console's trace drawer reads.
  { name: 'GET /traces/{id} (5 spans)', goalMs: 100, path: () => '/traces/trace-00004242' },
];

async function fill(dataSource: DataSource, projectId: string, from: number, to: number, nowSeconds: number): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  // As a bulk load does: the trigram indexes are built once the rows are in (ingest keeps them up trace by trace).
  const gin: Array<{ indexname: string; indexdef: string }> = await runner.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'traces' AND indexdef LIKE '%USING gin%'`,
  );
  try {
    for (const index of gin) await runner.query(`DROP INDEX ${index.indexname}`);
    await runner.query(SPAN_FUNCTION);
    for (let start = from; start < to; start += CHUNK) {
      const started = performance.now();
      const end = Math.min(to, start + CHUNK);
      await runner.query(FILL_SQL.replace(/\bspan\(/g, 'pg_temp.span('), [projectId, start, end, nowSeconds, from, to - from]);
      process.stderr.write(`bench: trace-store: traces ${start}–${end} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    }
    await runner.query(`SET maintenance_work_mem = '256MB'`);
    for (const index of gin) {
      const started = performance.now();
      // A partitioned table's index reads `ON ONLY traces` (the parent alone); built again, it covers every partition.
      await runner.query(index.indexdef.replace(' ON ONLY ', ' ON '));
      process.stderr.write(`bench: trace-store: ${index.indexname} built in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    }
  } finally {
    await runner.release();
  }
  // What autovacuum would have done by the time a store holds this many: statistics and the visibility map.
  const started = performance.now();
  await dataSource.query('VACUUM ANALYZE traces');
  await dataSource.query('VACUUM ANALYZE spans');
  process.stderr.write(`bench: trace-store: VACUUM ANALYZE in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function timeRead(stand: Stand, path: string): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await stand.request('GET', path);
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await stand.request('GET', path);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

const ms = (value: number): string => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

export const traceStoreBenchmark: Benchmark = {
  name: 'trace-store',
  perEngine: false,
  async run(engines) {
    if (!engines.includes('postgres')) return [];
    const stand = await openStand('postgres');
    try {
      const dataSource = stand.app.get(DataSource);
      const [{ id: projectId }] = await dataSource.query('SELECT id FROM projects ORDER BY created_at LIMIT 1');
      const now = Date.now();
      // The api made the partitions of this week and the next; a store kept a month has had those of the month before.
      await stand.app.get(TraceRepository).prepareDays(Array.from({ length: 31 }, (_, i) => new Date(now - (i + 1) * DAY_MS)));
      const rows: BenchRow[] = [];
      const smallest = new Map<string, number>();
      let stored = 0;
      for (const size of SIZES) {
        await fill(dataSource, projectId, stored, size, Math.floor(now / 1000));
        stored = size;
        // The first metrics read after a fill sums the month's sealed hours (later reads find them summed): its cost once.
        const metrics = READS.find((read) => read.name.includes('metrics'))!;
        const firstStarted = performance.now();
        await stand.request('GET', metrics.path(now));
        rows.push({
          benchmark: `${metrics.name}, first read (sums the hours), ${size.toLocaleString('en')} traces`, engine: 'postgres',
          measured: ms(performance.now() - firstStarted), baseline: 'once per hour summed', ratio: '—', goal: 'none (reported)', met: true,
        });
        for (const read of READS) {
          const { p50, p95 } = await timeRead(stand, read.path(now));
          const first = smallest.get(read.name);
          if (first === undefined) smallest.set(read.name, p95);
          rows.push({
            benchmark: `${read.name}, ${size.toLocaleString('en')} traces`,
            engine: 'postgres',
            measured: `p50 ${ms(p50)}, p95 ${ms(p95)}`,
            baseline: first === undefined ? `${CALLS} calls` : `p95 ${ms(first)} at ${SIZES[0]!.toLocaleString('en')}`,
            ratio: first === undefined ? '—' : `${(p95 / first).toFixed(2)}× for ${(size / SIZES[0]!).toFixed(0)}× traces`,
            goal: `p95 ≤ ${read.goalMs} ms`,
            met: p95 <= read.goalMs,
          });
        }
      }
      return rows;
    } finally {
      await stand.close();
    }
  },
};
