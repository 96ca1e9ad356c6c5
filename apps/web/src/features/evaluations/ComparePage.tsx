import { useState } from 'react';
import { Badge, Checkbox, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { EvaluationComparison, RowComparison } from '@crucible/client';
import { QueryState } from '../../ui/QueryState';
import { useComparison, useRowComparison } from './evaluations.queries';
import { MeansChart } from './MeansChart';
import {
  displayOutput, formatDifference, formatP, formatValue, metricName, resultText, revisionLabel, verdictInWords,
} from './format';

const VERDICT_COLOR = { better: 'teal', worse: 'red', no_significant_difference: 'gray' } as Record<string, string>;

function StatisticsTable({ comparison }: { comparison: EvaluationComparison }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label="Comparison" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Metric</Table.Th>
            {comparison.evaluations.map((e, i) => <Table.Th key={e.id}>{revisionLabel(e)}{i === 0 ? ' (baseline)' : ''}</Table.Th>)}
            {comparison.evaluations.slice(1).map((e) => <Table.Th key={e.id}>{revisionLabel(e)} − baseline</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {comparison.metrics.map((metric) => (
            <Table.Tr key={metric.evaluator_config?.id ?? metric.metric}>
              <Table.Td><Text fw={600} size="sm">{metricName(metric)}</Text><Text size="xs" c="dimmed">{metric.higher_is_better ? 'higher is better' : 'lower is better'}</Text></Table.Td>
              {metric.evaluations.map((estimate) => (
                <Table.Td key={estimate.evaluation_id}>
                  <Text size="sm">{formatValue(metric, estimate.mean)}</Text>
                  <Text size="xs" c="dimmed">95 % CI {formatValue(metric, estimate.ci_low)}…{formatValue(metric, estimate.ci_high)} · n = {estimate.n}{estimate.errored_rows ? `, ${estimate.errored_rows} errored` : ''}</Text>
                  {estimate.within_row_sd === null ? null : (
                    <Text size="xs" c="dimmed">spread within rows (sd) {metric.value_type === 'bool' ? `${(estimate.within_row_sd * 100).toFixed(0)} points` : formatValue(metric, estimate.within_row_sd)}</Text>
                  )}
                </Table.Td>
              ))}
              {metric.comparisons.map((pair) => (
                <Table.Td key={pair.evaluation_id}>
                  {pair.difference === null ? '—' : (
                    <>
                      <Text size="sm">{formatDifference(metric, pair.difference)} <Badge size="xs" color={VERDICT_COLOR[pair.verdict]} variant="light">{pair.verdict.replace(/_/g, ' ')}</Badge></Text>
                      <Text size="xs" c="dimmed">{formatP(pair.p_value)} ({pair.test?.replace('_', ' ')}) · n = {pair.n}{pair.excluded_rows ? `, ${pair.excluded_rows} left out` : ''}</Text>
                    </>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Outputs side by side; a row where the evaluators disagree across evaluations is highlighted. */
function RowByRow({ rows, labels }: { rows: RowComparison; labels: Record<string, string> }) {
  const [onlyDisagreements, setOnlyDisagreements] = useState(false);
  const disagree = (row: RowComparison['rows'][number]) => {
    const verdicts = row.variants.map((v) => v.results.map((r) => resultText(r.result)).join('|'));
    return new Set(verdicts).size > 1;
  };
  const shown = onlyDisagreements ? rows.rows.filter(disagree) : rows.rows;
  const variants = rows.rows[0]?.variants ?? [];
  // With repetitions a row comes once per run: its number says which.
  const repeated = rows.rows.some((row) => row.repetition > 1);
  return (
    <Stack gap="xs">
      <Checkbox label="Only rows where the evaluators disagree" checked={onlyDisagreements} onChange={(e) => setOnlyDisagreements(e.currentTarget.checked)} />
      <Table.ScrollContainer minWidth={700}>
        <Table aria-label="Rows side by side" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr><Table.Th>#</Table.Th><Table.Th>Inputs</Table.Th>{variants.map((v, i) => <Table.Th key={v.evaluation_id}>Output {i + 1}: {labels[v.evaluation_id] ?? v.variant_name}</Table.Th>)}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => {
              const outputsDiffer = new Set(row.variants.map((v) => displayOutput(v.output))).size > 1;
              return (
                <Table.Tr key={`${row.row_index}-${row.repetition}`} bg={disagree(row) ? 'yellow.0' : undefined}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.row_index + 1}{repeated ? ` · run ${row.repetition}` : ''}</Table.Td>
                  <Table.Td><Text size="sm">{Object.values(row.inputs).map(displayOutput).join(' · ')}</Text><Text size="xs" c="dimmed">expected: {displayOutput(row.correct_answer)}</Text></Table.Td>
                  {row.variants.map((v) => (
                    <Table.Td key={v.evaluation_id}>
                      <Text size="sm" fw={outputsDiffer ? 600 : undefined}>{v.error ? `error: ${v.error.message}` : displayOutput(v.output)}</Text>
                      <Text size="xs" c="dimmed">{v.results.map((r) => resultText(r.result)).join(' · ')}</Text>
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export function ComparePage() {
  const [params, setParams] = useSearchParams();
  const ids = (params.get('ids') ?? '').split(',').filter(Boolean);
  const acrossVersions = params.get('allow_different_versions') === 'true';
  const comparison = useComparison(ids, acrossVersions);
  const versions = [...new Set((comparison.data?.evaluations ?? []).map((e) => e.testset_version))];
  const rows = useRowComparison(ids, !acrossVersions || (comparison.isSuccess && versions.length === 1));
  const allowDifferentVersions = (allowed: boolean) => setParams((current) => {
    const next = new URLSearchParams(current);
    if (allowed) next.set('allow_different_versions', 'true');
    else next.delete('allow_different_versions');
    return next;
  });
  if (ids.length < 2) return <Text>Select two or more evaluations of one test set on the Evaluations screen to compare them.</Text>;
  return (
    <Stack>
      <Title order={2}>Compare evaluations</Title>
      <Checkbox
        label="allow_different_versions" checked={acrossVersions} onChange={(event) => allowDifferentVersions(event.currentTarget.checked)}
        description="Evaluations run on different versions of the test set are compared on the rows both versions share, matched by content."
      />
      <QueryState query={comparison} label="comparison">
        {(data) => (
          <Stack>
            <Paper withBorder p="md" radius="md" component="section" aria-label="Verdicts">
              <Title order={3} size="h5" mb="xs">Verdicts at α = {data.significance_level}</Title>
              <List size="sm" spacing={4}>
                {data.metrics.flatMap((metric) => metric.comparisons.map((_, i) => (
                  <List.Item key={`${metricName(metric)}-${i}`}>{verdictInWords(data, metric, i)}</List.Item>
                )))}
              </List>
            </Paper>
            <MeansChart comparison={data} />
            <StatisticsTable comparison={data} />
            <Text size="xs" c="dimmed">
              Intervals: percentile bootstrap, {data.bootstrap_resamples} resamples. p-values: exact McNemar for pass/fail evaluators,
              Wilcoxon signed-rank for numbers, cost and latency, over the rows both evaluations answered.
            </Text>
          </Stack>
        )}
      </QueryState>
      <Title order={3} size="h4">Row by row</Title>
      {acrossVersions && versions.length > 1 ? (
        <Text size="sm" c="dimmed">
          Row by row compares evaluations of one test-set version; these ran on versions {versions.join(' and ')}.
        </Text>
      ) : null}
      {acrossVersions && versions.length !== 1 ? null : <QueryState query={rows} label="rows">
        {(data) => <RowByRow rows={data} labels={Object.fromEntries((comparison.data?.evaluations ?? []).map((e) => [e.id, revisionLabel(e)]))} />}
      </QueryState>}
    </Stack>
  );
}
