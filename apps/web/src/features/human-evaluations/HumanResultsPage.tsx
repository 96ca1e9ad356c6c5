import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { HumanEvaluation, HumanResults, HumanScenario } from '@crucible/client';
import { ErrorMessage, QueryState } from '../../ui/QueryState';
import { useExportHumanEvaluation, useHumanEvaluation, useHumanResults, useHumanScenarios } from './human-evaluations.queries';

/** A multi-metric evaluation: each score config's mean and label counts over the rows judged on it. */
function MetricResults({ metrics }: { metrics: NonNullable<HumanResults['metrics']> }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label="Results per score config">
        <Table.Thead><Table.Tr><Table.Th>Score config</Table.Th><Table.Th>Judged</Table.Th><Table.Th>Mean</Table.Th><Table.Th>Counts</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {metrics.map((m) => (
            <Table.Tr key={m.config_id}>
              <Table.Td>{m.name} <Text span size="xs" c="dimmed">{m.data_type}</Text></Table.Td>
              <Table.Td>{m.judged}</Table.Td>
              <Table.Td>{m.mean === null ? '–' : m.data_type === 'boolean' ? `${Math.round(m.mean * 100)} % yes` : m.mean.toFixed(2)}</Table.Td>
              <Table.Td>{Object.entries(m.counts).map(([label, n]) => `${label}: ${n}`).join(' · ') || '–'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function tallies(results: HumanResults): Array<{ choice: string; votes: number; percentage: number }> {
  if (results.variants) {
    const pct = (n: number) => (results.judged ? Math.round((n / results.judged) * 10000) / 100 : 0);
    return [
      ...results.variants.map((v) => ({ choice: `${v.variant_name} v${v.revision}`, votes: v.votes, percentage: v.percentage })),
      { choice: 'Both good', votes: results.both_good ?? 0, percentage: pct(results.both_good ?? 0) },
      { choice: 'Both bad', votes: results.both_bad ?? 0, percentage: pct(results.both_bad ?? 0) },
    ];
  }
  const scores = results.scores ?? {};
  return Object.entries(scores).map(([score, votes]) => ({
    choice: `Score ${score}`, votes, percentage: results.judged ? Math.round((votes / results.judged) * 10000) / 100 : 0,
  }));
}

/** Of the judged rows with a ground truth, how often the chosen output is the one equal to it. */
function agreement(evaluation: HumanEvaluation, scenarios: HumanScenario[]): string | null {
  if (!evaluation.correct_answer_column || evaluation.evaluation_type !== 'human_a_b_testing') return null;
  const comparable = scenarios.filter((s) => s.correct_answer && s.vote && s.vote !== '0' && s.vote !== '1');
  if (comparable.length === 0) return null;
  const agreeing = comparable.filter((s) => s.outputs.find((o) => o.variant_revision_id === s.vote)?.variant_output.trim() === s.correct_answer!.trim());
  return `${agreeing.length} of ${comparable.length} votes chose the output equal to “${evaluation.correct_answer_column}”.`;
}

export function HumanResultsPage() {
  const { humanEvaluationId = '' } = useParams();
  const evaluation = useHumanEvaluation(humanEvaluationId);
  const results = useHumanResults(humanEvaluationId);
  const scenarios = useHumanScenarios(humanEvaluationId);
  const exporter = useExportHumanEvaluation();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Results</Title>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => exporter.mutate({ id: humanEvaluationId, format: 'csv' })}>Export CSV</Button>
          <Button size="xs" variant="light" onClick={() => exporter.mutate({ id: humanEvaluationId, format: 'json' })}>Export JSON</Button>
        </Group>
      </Group>
      {exporter.isError ? <ErrorMessage error={exporter.error} title="Not exported" /> : null}
      <QueryState query={results} label="results">
        {(data) => {
          if (data.metrics) {
            return (
              <Stack>
                <Text>{data.total} rows; each score config counts the rows judged on it.</Text>
                <MetricResults metrics={data.metrics} />
              </Stack>
            );
          }
          const rows = tallies(data);
          const agree = evaluation.data && scenarios.data ? agreement(evaluation.data, scenarios.data) : null;
          return (
            <Stack>
              <Text>{data.judged} of {data.total} rows judged{data.mean !== undefined && data.mean !== null ? ` · mean score ${data.mean.toFixed(2)}` : ''}.</Text>
              <Table aria-label="Tallies" maw={560}>
                <Table.Thead><Table.Tr><Table.Th>Choice</Table.Th><Table.Th>Votes</Table.Th><Table.Th>Share</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.choice}><Table.Td>{row.choice}</Table.Td><Table.Td>{row.votes}</Table.Td><Table.Td>{row.percentage} %</Table.Td></Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <BarChart h={240} data={rows} dataKey="choice" series={[{ name: 'votes', color: 'blue.6' }]} aria-label="Votes per choice" />
              {agree ? <Text size="sm">Agreement with the ground truth: {agree}</Text> : null}
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}
