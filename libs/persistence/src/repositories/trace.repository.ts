import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  type MetricsInterval, type OnlineEvaluationRule, type TraceFilter, type TraceListItem, type TraceMetricsBucket, type TraceWithSpans,
} from '@crucible/domain';
import {
  type SavedTraces, type SpanCursor, type TraceCursor, type TracePage, TraceRepository, type TraceWithSpanPage,
} from '@crucible/application';
import { metricsBucketFromRow, spanFromRow, traceFromRow, traceListItemFromRow } from '../mappers/trace.mapper';
import { OnlineRulesOfProjects, logOnlineExecutions } from './online-execution-intake';
import { metricsFromSummedHours, summedHoursServe } from './trace-metric-hours';
import { TracePartitions } from './trace-partitions';
import { LATER_SPANS_INSERT, capSpans, mergeTraces, traceInsertParameter } from './trace-insert.sql';
import {
  FIRST_SPANS_OF_TRACES, RECOMPUTE_OTLP_TOTALS, TRACES_BY_IDS, TRACE_BATCH_INSERT, TRACE_BY_ID, TRACE_DAY, filterClauses, scoreMeansSql, traceListSql, traceMetricsSql, traceSearchHeadSql, traceSpansPageSql,
} from './trace.sql';

/**
 * A text search reads the newest traces of the rest of the filter first: SEARCH_FIRST_HEAD of them, then, when the
 * matches among them say the page lies within SEARCH_HEAD_ROWS, that many. A rarer text goes to the trigram indexes
 * after the first read, which costs it a fifth of what a read of SEARCH_HEAD_ROWS did.
 */
const SEARCH_FIRST_HEAD = 1000;
const SEARCH_HEAD_ROWS = 5000;

/** How many newest traces should hold `wanted` matches, having found `found` among the first `read`, with a margin. */
const headFor = (wanted: number, found: number, read: number): number => Math.ceil((read * wanted * 1.25) / found);

@Injectable()
export class TypeOrmTraceRepository extends TraceRepository {
  private readonly onlineRules: OnlineRulesOfProjects;
  private readonly partitions: TracePartitions;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.onlineRules = new OnlineRulesOfProjects(dataSource);
    this.partitions = new TracePartitions(dataSource);
  }

  async save(projectId: string, items: TraceWithSpans[], limits: { maxSpansPerTrace: number }): Promise<SavedTraces> {
    const { capped: merged, cut } = capSpans(mergeTraces(items), limits.maxSpansPerTrace);
    let rejectedSpans = cut;
    // The rules are read (mostly: found kept) while the traces are stored.
    const [[{ traces }], rules]: [Array<{ traces: Array<{ trace_id: string; source: string; inserted: boolean }> }>, OnlineEvaluationRule[]] = await Promise.all([
      this.dataSource.query(TRACE_BATCH_INSERT, [projectId, traceInsertParameter(merged)]),
      this.onlineRules.of(projectId),
    ]);
    const stored = new Map(traces.map((row) => [row.trace_id, row]));
    // A new trace stored every span it sent, in its row; a trace seen before may bring more. Should a later step
    // fail, the exporter's retry finds the trace again and stores what is missing.
    const added = merged.filter((item) => stored.get(item.trace.traceId)!.inserted);
    const grown = merged.filter((item) => !stored.get(item.trace.traceId)!.inserted);
    let spans = added.reduce((sum, item) => sum + item.spans.length, 0);
    // Every rule of an app sees each of its traces once, when the trace is first stored (ARCHITECTURE §18).
    await logOnlineExecutions(this.dataSource.manager, projectId, added.map((item) => item.trace), new Date(), rules);
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

  private async recomputeOtlpTotals(projectId: string, traceIds: string[]): Promise<void> {
    await this.dataSource.query(RECOMPUTE_OTLP_TOTALS, [projectId, traceIds]);
  }

  /**
   * A text search first reads the newest traces of the rest of the filter (`searchHead`): when they hold the page, it
   * is the page (nothing older comes before it); otherwise the whole filter answers it.
   */
  async list(projectId: string, filter: TraceFilter, page: { limit: number; after: TraceCursor | null }): Promise<TracePage> {
    const { where, base, search, params } = filterClauses(projectId, filter);
    let keyset = '';
    if (page.after) {
      params.push(page.after.startTime.toISOString(), page.after.traceId);
      keyset = ` AND start_time <= $${params.length - 1}::timestamptz AND (start_time, trace_id) < ($${params.length - 1}::timestamptz, $${params.length})`;
    }
    params.push(page.limit + 1);
    const near = search ? await this.searchHead(traceSearchHeadSql(base, search, keyset, params.length + 1, params.length), params, page.limit + 1) : [];
    const rows: Array<Record<string, unknown>> = near.length > page.limit
      ? near
      : await this.dataSource.query(traceListSql(where, keyset, params.length), params);
    const traces: TraceListItem[] = rows.slice(0, page.limit).map(traceListItemFromRow);
    const last = traces[traces.length - 1];
    return { traces, next: rows.length > page.limit && last ? { startTime: last.startTime, traceId: last.traceId } : null };
  }

  private async searchHead(sql: string, params: unknown[], wanted: number): Promise<Array<Record<string, unknown>>> {
    const first: Array<Record<string, unknown>> = await this.dataSource.query(sql, [...params, SEARCH_FIRST_HEAD]);
    if (first.length >= wanted || first.length === 0) return first;
    const head = headFor(wanted, first.length, SEARCH_FIRST_HEAD);
    return head > SEARCH_HEAD_ROWS ? first : this.dataSource.query(sql, [...params, head]);
  }

  async findById(projectId: string, traceId: string, page: { limit: number; after: SpanCursor | null }): Promise<TraceWithSpanPage | null> {
    // Its day first: then only that week's partitions are planned and read, not every week's.
    const [key]: Array<{ start_day: string }> = await this.dataSource.query(TRACE_DAY, [projectId, traceId]);
    if (!key) return null;
    const [row] = await this.dataSource.query(TRACE_BY_ID, [projectId, traceId, key.start_day]);
    if (!row) return null;
    const params: unknown[] = [projectId, [traceId], key.start_day];
    let keyset = '';
    if (page.after) {
      params.push(page.after.startTime.toISOString(), page.after.spanId);
      keyset = ` WHERE (start_time, span_id) > ($4::timestamptz, $5::text)`;
    }
    params.push(page.limit + 1);
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(traceSpansPageSql(keyset, params.length), params);
    const spans = rows.slice(0, page.limit).map((span) => spanFromRow(traceId, span));
    const last = spans[spans.length - 1];
    const nextSpans = rows.length > page.limit && last ? { startTime: last.startTime, spanId: last.spanId } : null;
    return { trace: traceFromRow(row), spans, nextSpans };
  }

  async findManyWithFirstSpans(projectId: string, traceIds: string[], spansPerTrace: number): Promise<Map<string, TraceWithSpans>> {
    const found = new Map<string, TraceWithSpans>();
    if (traceIds.length === 0) return found;
    const [traces, spans]: [Array<Record<string, unknown>>, Array<Record<string, unknown>>] = await Promise.all([
      this.dataSource.query(TRACES_BY_IDS, [projectId, traceIds]),
      this.dataSource.query(FIRST_SPANS_OF_TRACES, [projectId, traceIds, spansPerTrace]),
    ]);
    for (const row of traces) found.set(String(row['trace_id']), { trace: traceFromRow(row), spans: [] });
    for (const row of spans) {
      const traceId = String(row['trace_id']);
      found.get(traceId)?.spans.push(spanFromRow(traceId, row));
    }
    return found;
  }

  async metrics(projectId: string, filter: TraceFilter & { from: Date; to: Date }, interval: MetricsInterval): Promise<TraceMetricsBucket[]> {
    const { where, params } = filterClauses(projectId, filter);
    params.push(interval);
    const [rows, means]: [Array<Record<string, unknown>>, Array<{ bucket: unknown; name: string; mean: unknown }>] = await Promise.all([
      summedHoursServe(filter, interval)
        ? metricsFromSummedHours(this.dataSource, projectId, filter, interval)
        : this.dataSource.query(traceMetricsSql(where, params.length), params),
      // Scores come at any time, to traces of any age: their means are read where they are.
      this.dataSource.query(scoreMeansSql(where, params.length), params),
    ]);
    const buckets = rows.map(metricsBucketFromRow);
    const byTime = new Map(buckets.map((bucket) => [bucket.bucket.getTime(), bucket]));
    for (const mean of means) {
      const bucket = byTime.get(new Date(mean.bucket as string).getTime());
      if (bucket) bucket.scores[mean.name] = Number(mean.mean);
    }
    return buckets;
  }

  deleteWeeksBefore(cutoff: Date): Promise<number> {
    return this.partitions.deleteWeeksBefore(cutoff);
  }

  prepareDays(days: Date[]): Promise<number> {
    return this.partitions.prepare(days);
  }
}
