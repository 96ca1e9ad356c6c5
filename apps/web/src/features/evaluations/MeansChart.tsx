import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { ErrorBar } from 'recharts';
import type { EvaluationComparison } from '@crucible/client';
import { metricName, revisionLabel } from './format';

const COLORS = ['blue.6', 'orange.6', 'teal.6', 'grape.6', 'red.6'];

/** Each evaluator's mean per evaluation (0–100 for bools) with its 95 % interval as an error bar. */
export function MeansChart({ comparison }: { comparison: EvaluationComparison }) {
  const metrics = comparison.metrics.filter((m) => m.metric === 'evaluator');
  const scale = (type: string) => (type === 'bool' ? 100 : 1);
  const series = comparison.evaluations.map((e, i) => ({ name: `e${i}`, label: revisionLabel(e), color: COLORS[i % COLORS.length]! }));
  const data = metrics.map((metric) => {
    const point: Record<string, string | number | [number, number]> = { metric: metricName(metric) };
    metric.evaluations.forEach((estimate, i) => {
      const k = scale(metric.value_type);
      const mean = (estimate.mean ?? 0) * k;
      point[`e${i}`] = mean;
      point[`e${i}_ci`] = [mean - (estimate.ci_low ?? estimate.mean ?? 0) * k, (estimate.ci_high ?? estimate.mean ?? 0) * k - mean];
    });
    return point;
  });
  return (
    <BarChart
      h={280} data={data} dataKey="metric" series={series} withLegend legendProps={{ verticalAlign: 'bottom' }}
      yAxisLabel="mean (bools in %)" aria-label="Means with 95 % intervals"
      barProps={(s) => ({ children: <ErrorBar dataKey={`${s.name}_ci`} width={6} strokeWidth={1.5} stroke="var(--mantine-color-dark-6)" /> })}
    />
  );
}
