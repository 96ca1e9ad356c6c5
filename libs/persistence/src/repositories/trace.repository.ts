import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  type MetricsInterval, type TraceFilter, type TraceListItem, type TraceMetricsBucket, type TraceWithSpans,
} from '@crucible/domain';
import {
  type SavedTraces, type SpanCursor, type TraceCursor, type TracePage, TraceRepository, type TraceWithSpanPage,
} from '@crucible/application';
import { SPAN_RECORD_COLUMNS, metricsBucketFromRow, spanFromRow, traceFromRow, traceListItemFromRow } from '../mappers/trace.mapper';
import {
  LATER_SPANS_INSERT, PREVIEW_COLUMNS, SPAN_COLUMNS, TRACE_COLUMNS, TRACE_SUMMARY_COLUMNS, capSpans, mergeTraces, traceInsertCte, traceInsertParameter,
} from './trace-insert.sql';

/** Every span stored of the traces `$2` of project `$1`: in its trace's row or in `spans` (never both). */
const STORED_SPANS = `
  SELECT t.trace_id, s.* FROM traces t CROSS JOIN LATERAL jsonb_to_recordset(t.inline_spans) AS s(${SPAN_RECORD_COLUMNS})
   WHERE t.project_id = $1 AND t.trace_id = ANY($2::text[])
  UNION ALL
  SELECT trace_id, ${SPAN_COLUMNS} FROM spans WHERE project_id = $1 AND trace_id = ANY($2::text[])`;

/** `WHERE` clauses of a filter, parameters numbered after the ones already taken. */
function filterClauses(projectId: string, filter: TraceFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [projectId];
  const clauses = ['project_id = $1'];
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(params.length));
  };
  if (filter.appId) add((n) => `app_id = $${n}`, filter.appId);
  if (filter.environment) add((n) => `environment = $${n}`, filter.environment);
  if (filter.variantId) add((n) => `variant_id = $${n}`, filter.variantId);
  if (filter.status) add((n) => `status = $${n}`, filter.status);
  if (filter.from) add((n) => `start_time >= $${n}`, filter.from.toISOString());
  if (filter.to) add((n) => `start_time < $${n}`, filter.to.toISOString());
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    add((n) => `(coalesce(inputs::text, '') ILIKE $${n} OR coalesce(output::text, '') ILIKE $${n})`, pattern);
  }
  return { where: clauses.join(' AND '), params };
}

@Injectable()
export class TypeOrmTraceRepository extends TraceRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async save(projectId: string, items: TraceWithSpans[], limits: { maxSpansPerTrace: number }): Promise<SavedTraces> {
    const { capped: merged, cut } = capSpans(mergeTraces(items), limits.maxSpansPerTrace);
    let rejectedSpans = cut;
    const [{ traces }]: Array<{ traces: Array<{ trace_id: string; source: string; inserted: boolean }> }> = await this.dataSource.query(
      `WITH ${traceInsertCte(1, 2)} SELECT coalesce((SELECT json_agg(saved_traces) FROM saved_traces), '[]') AS traces`,
      [projectId, traceInsertParameter(merged)],
    );
    const stored = new Map(traces.map((row) => [row.trace_id, row]));
    // A new trace stored every span it sent, in its row; a trace seen before may bring more. Should a later step
    // fail, the exporter's retry finds the trace again and stores what is missing.
    const added = merged.filter((item) => stored.get(item.trace.traceId)!.inserted);
    const grown = merged.filter((item) => !stored.get(item.trace.traceId)!.inserted);
    let spans = added.reduce((sum, item) => sum + item.spans.length, 0);
    if (grown.length > 0) {
      const grownIds = grown.map((item) => item.trace.traceId);
      const [later]: Array<{ spans: number; offered: number }> = await this.dataSource.query(
        LATER_SPANS_INSERT, [projectId, grownIds, traceInsertParameter(grown), limits.maxSpansPerTrace],
      );
      spans += later!.spans;
      rejectedSpans += later!.offered - later!.spans;
      const grownOtlp = grownIds.filter((traceId) => stored.get(traceId)!.source === 'otlp');
      if (grownOtlp.length > 0) await this.recomputeOtlpTotals(projectId, grownOtlp);
    }
    return { traces: added.length, spans, rejectedSpans };
  }

  /** An OTLP trace whose spans came over several batches: its totals are those of every span stored. */
  private async recomputeOtlpTotals(projectId: string, traceIds: string[]): Promise<void> {
    await this.dataSource.query(
      `UPDATE traces t SET
         start_time = s.start_time, end_time = s.end_time,
         latency_ms = extract(epoch FROM s.end_time - s.start_time) * 1000,
         cost = s.cost, cost_source = s.cost_source, prompt_tokens = s.prompt_tokens, completion_tokens = s.completion_tokens,
         total_tokens = s.total_tokens, span_count = s.span_count, name = coalesce(s.root_name, t.name),
         status = CASE WHEN s.errors > 0 THEN 'error' ELSE 'ok' END, model = coalesce(t.model, s.model)
       FROM (
         SELECT trace_id, min(start_time) AS start_time, max(end_time) AS end_time, coalesce(sum(cost), 0) AS cost,
           CASE WHEN bool_or(cost_source = 'computed') THEN 'computed' WHEN bool_or(cost_source = 'reported') THEN 'reported' END AS cost_source,
           coalesce(sum(prompt_tokens), 0) AS prompt_tokens, coalesce(sum(completion_tokens), 0) AS completion_tokens,
           coalesce(sum(total_tokens), 0) AS total_tokens, count(*) AS span_count,
           count(*) FILTER (WHERE status = 'error') AS errors, min(model) AS model,
           min(name) FILTER (WHERE parent_span_id IS NULL) AS root_name
         FROM (${STORED_SPANS}) stored GROUP BY trace_id
       ) s
       WHERE t.project_id = $1 AND t.trace_id = s.trace_id`,
      [projectId, traceIds],
    );
  }

  async list(projectId: string, filter: TraceFilter, page: { limit: number; after: TraceCursor | null }): Promise<TracePage> {
    const { where, params } = filterClauses(projectId, filter);
    let keyset = '';
    if (page.after) {
      params.push(page.after.startTime.toISOString(), page.after.traceId);
      keyset = ` AND (start_time, trace_id) < ($${params.length - 1}::timestamptz, $${params.length})`;
    }
    params.push(page.limit + 1);
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT project_id, ${TRACE_SUMMARY_COLUMNS}, ${PREVIEW_COLUMNS} FROM traces WHERE ${where}${keyset}
       ORDER BY start_time DESC, trace_id DESC LIMIT $${params.length}`,
      params,
    );
    const traces: TraceListItem[] = rows.slice(0, page.limit).map(traceListItemFromRow);
    const last = traces[traces.length - 1];
    return { traces, next: rows.length > page.limit && last ? { startTime: last.startTime, traceId: last.traceId } : null };
  }

  async findById(projectId: string, traceId: string, page: { limit: number; after: SpanCursor | null }): Promise<TraceWithSpanPage | null> {
    const [row] = await this.dataSource.query(
      `SELECT project_id, ${TRACE_COLUMNS} FROM traces WHERE project_id = $1 AND trace_id = $2`, [projectId, traceId],
    );
    if (!row) return null;
    const params: unknown[] = [projectId, [traceId]];
    let keyset = '';
    if (page.after) {
      params.push(page.after.startTime.toISOString(), page.after.spanId);
      keyset = ` WHERE (start_time, span_id) > ($3::timestamptz, $4::text)`;
    }
    params.push(page.limit + 1);
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT * FROM (${STORED_SPANS}) stored${keyset} ORDER BY start_time, span_id LIMIT $${params.length}`, params,
    );
    const spans = rows.slice(0, page.limit).map((span) => spanFromRow(traceId, span));
    const last = spans[spans.length - 1];
    const nextSpans = rows.length > page.limit && last ? { startTime: last.startTime, spanId: last.spanId } : null;
    return { trace: traceFromRow(row), spans, nextSpans };
  }

  async metrics(projectId: string, filter: TraceFilter & { from: Date; to: Date }, interval: MetricsInterval): Promise<TraceMetricsBucket[]> {
    const { where, params } = filterClauses(projectId, filter);
    params.push(interval);
    // Buckets in UTC whatever the server's time zone.
    const rows = await this.dataSource.query(
      `SELECT date_trunc($${params.length}, start_time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS bucket,
         count(*) AS count, count(*) FILTER (WHERE status = 'error') AS errors,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50,
         percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) AS p95,
         sum(prompt_tokens) AS prompt_tokens, sum(completion_tokens) AS completion_tokens,
         sum(total_tokens) AS total_tokens, sum(cost) AS cost
       FROM traces WHERE ${where} GROUP BY 1 ORDER BY 1`,
      params,
    );
    return rows.map(metricsBucketFromRow);
  }

  async deleteStartedBefore(cutoff: Date): Promise<number> {
    const [{ deleted }] = await this.dataSource.query(
      'WITH gone AS (DELETE FROM traces WHERE start_time < $1 RETURNING 1) SELECT count(*)::int AS deleted FROM gone',
      [cutoff.toISOString()],
    );
    return Number(deleted);
  }
}
