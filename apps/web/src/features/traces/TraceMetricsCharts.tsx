import { Card, SimpleGrid, Text } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import { ENVIRONMENT_NAMES } from '../environments/environments.queries';
import { ErrorMessage } from '../../ui/QueryState';
import { formatCost, formatMs } from '../../ui/format';
import { intervalFor, useTraceMetrics } from './traces.queries';
import type { TraceMetrics } from '@crucible/client';

const COLORS: Record<string, string> = { development: 'gray.6', staging: 'yellow.7', production: 'blue.6' };

type Measure = 'count' | 'errors' | 'p95_latency_ms' | 'cost';
const CHARTS: Array<{ measure: Measure; title: string; format: (value: number) => string }> = [
  { measure: 'count', title: 'Calls', format: (value) => String(value) },
  { measure: 'errors', title: 'Errors', format: (value) => String(value) },
  { measure: 'p95_latency_ms', title: 'p95 latency', format: formatMs },
  { measure: 'cost', title: 'Cost', format: (value) => (value === 0 ? '$0' : formatCost(value)) },
];
const INTERVAL_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

function bucketLabel(iso: string, rangeMs: number): string {
  const date = new Date(iso);
  return intervalFor(rangeMs) === 'day'
    ? date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })
    : date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/**
 * One row per bucket of the range (empty buckets too, so a quiet hour reads as zero calls), one column per
 * environment: what LineChart draws as one series per environment. Latency has no value where nothing ran.
 */
function seriesRows(metrics: Record<string, TraceMetrics | undefined>, measure: Measure, rangeMs: number) {
  const answered = Object.values(metrics).find((answer) => answer !== undefined);
  if (!answered) return [];
  const step = INTERVAL_MS[answered.interval];
  const rows = new Map<number, Record<string, number | string | null>>();
  for (let at = Math.floor(Date.parse(answered.from) / step) * step; at < Date.parse(answered.to); at += step) {
    const row: Record<string, number | string | null> = { bucket: bucketLabel(new Date(at).toISOString(), rangeMs) };
    for (const environment of Object.keys(metrics)) row[environment] = measure === 'p95_latency_ms' ? null : 0;
    rows.set(at, row);
  }
  for (const [environment, answer] of Object.entries(metrics)) {
    for (const bucket of answer?.buckets ?? []) {
      const row = rows.get(Date.parse(bucket.bucket));
      if (row) row[environment] = bucket[measure];
    }
  }
  return [...rows.values()];
}

const SCORE_COLORS = ['teal.6', 'grape.6', 'orange.6', 'indigo.6', 'lime.7', 'pink.6', 'cyan.7', 'red.6'];

/** Each score name's mean per bucket, every environment together; a line per score, broken where nothing was scored. */
function ScoreMeansChart({ appId, rangeMs }: { appId: string; rangeMs: number }) {
  const metrics = useTraceMetrics(appId, null, rangeMs);
  if (metrics.isError) return <ErrorMessage error={metrics.error} title="Could not load the score means" />;
  const buckets = metrics.data?.buckets ?? [];
  const names = [...new Set(buckets.flatMap((bucket) => Object.keys(bucket.scores)))].sort();
  if (names.length === 0) return null;
  const byTime = new Map(buckets.map((bucket) => [Date.parse(bucket.bucket), bucket.scores]));
  const step = INTERVAL_MS[metrics.data!.interval];
  const data: Array<Record<string, number | string | null>> = [];
  for (let at = Math.floor(Date.parse(metrics.data!.from) / step) * step; at < Date.parse(metrics.data!.to); at += step) {
    const scores = byTime.get(at) ?? {};
    data.push({ bucket: bucketLabel(new Date(at).toISOString(), rangeMs), ...Object.fromEntries(names.map((name) => [name, scores[name] ?? null])) });
  }
  const series = names.map((name, i) => ({ name, color: SCORE_COLORS[i % SCORE_COLORS.length]! }));
  return (
    <Card withBorder padding="sm" role="figure" aria-label="Mean scores">
      <Text size="sm" fw={600} mb="xs">Mean scores</Text>
      <LineChart
        h={140} data={data} dataKey="bucket" series={series} valueFormatter={(value) => String(Number(value.toPrecision(4)))}
        curveType="linear" withLegend legendProps={{ verticalAlign: 'bottom' }} withDots connectNulls={false} yAxisProps={{ width: 48 }}
      />
    </Card>
  );
}

/** Calls, errors, p95 latency and cost per bucket, a line per environment; then each score's mean. */
export function TraceMetricsCharts({ appId, rangeMs }: { appId: string; rangeMs: number }) {
  const queries = {
    development: useTraceMetrics(appId, 'development', rangeMs),
    staging: useTraceMetrics(appId, 'staging', rangeMs),
    production: useTraceMetrics(appId, 'production', rangeMs),
  };
  const failed = Object.values(queries).find((query) => query.isError);
  if (failed) return <ErrorMessage error={failed.error} title="Could not load the trace metrics" />;
  const metrics = Object.fromEntries(Object.entries(queries).map(([name, query]) => [name, query.data]));
  const series = ENVIRONMENT_NAMES.map((name) => ({ name, color: COLORS[name] ?? 'blue.6' }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {CHARTS.map(({ measure, title, format }) => (
        <Card key={measure} withBorder padding="sm" role="figure" aria-label={`${title} per environment`}>
          <Text size="sm" fw={600} mb="xs">{title}</Text>
          <LineChart
            h={140} data={seriesRows(metrics, measure, rangeMs)} dataKey="bucket" series={series} valueFormatter={format}
            curveType="linear" withLegend legendProps={{ verticalAlign: 'bottom' }} withDots={measure === 'p95_latency_ms'} connectNulls={false}
            yAxisProps={{ width: measure === 'cost' ? 72 : 48 }}
          />
        </Card>
      ))}
      <ScoreMeansChart appId={appId} rangeMs={rangeMs} />
    </SimpleGrid>
  );
}
