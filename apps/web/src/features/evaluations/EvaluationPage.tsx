import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Code, Group, SegmentedControl, Spoiler, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import type { TestsetCell, Evaluation, EvaluationScenario } from '@crucible/client';
import { ErrorMessage, QueryState } from '../../ui/QueryState';
import { useCreateTestset } from '../testsets/testsets.queries';
import { isRunning, useEvaluation, useExportEvaluation, useRerunFailedRows, useScenarios } from './evaluations.queries';
import { displayOutput, resultText, revisionLabel, statusLabel } from './format';

const failed = (s: EvaluationScenario): boolean => s.error !== null || s.results.some((r) => r.result.type === 'error');
const asCell = (value: unknown): TestsetCell =>
  value === null || value === undefined ? null : typeof value === 'object' ? JSON.stringify(value) : (value as TestsetCell);

function ScenarioRow({ scenario, evaluation }: { scenario: EvaluationScenario; evaluation: Evaluation }) {
  return (
    <Table.Tr bg={failed(scenario) ? 'red.0' : undefined}>
      <Table.Td>{scenario.row_index + 1}</Table.Td>
      <Table.Td>{scenario.inputs.map(({ name, value }) => <Text key={name} size="sm"><b>{name}</b>: {displayOutput(value)}</Text>)}</Table.Td>
      <Table.Td><Text size="sm">{displayOutput(scenario.output)}</Text><Text size="xs" c="dimmed">expected: {displayOutput(scenario.correct_answer)}</Text></Table.Td>
      {evaluation.aggregated_results.length > 0 || scenario.results.length > 0 ? scenario.results.map((r) => (
        <Table.Td key={r.evaluator_config}><Text size="sm" c={r.result.type === 'error' ? 'red' : undefined} lineClamp={3}>{resultText(r.result)}</Text></Table.Td>
      )) : null}
      <Table.Td>{scenario.cost === null ? '—' : `$${scenario.cost.toPrecision(3)}`}</Table.Td>
      <Table.Td>
        {scenario.latency === null ? '—' : `${scenario.latency.toFixed(3)} s`}
        {scenario.trace_id ? (
          <Anchor component={Link} size="xs" display="block" to={`/apps/${evaluation.app_id}/traces?trace=${scenario.trace_id}`}>
            trace {scenario.trace_id.slice(0, 8)}
          </Anchor>
        ) : null}
      </Table.Td>
      <Table.Td maw={320}>
        {scenario.error ? (
          <Stack gap={2}>
            <Text size="sm" c="red">{scenario.error.message}</Text>
            {scenario.error.stacktrace ? (
              <Spoiler maxHeight={0} showLabel="Show stacktrace" hideLabel="Hide stacktrace">
                <Code block>{scenario.error.stacktrace}</Code>
              </Spoiler>
            ) : null}
          </Stack>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

function Scenarios({ evaluation }: { evaluation: Evaluation }) {
  const scenarios = useScenarios(evaluation.id, isRunning(evaluation));
  const [filter, setFilter] = useState('all');
  const configs = evaluation.aggregated_results.map((a) => a.evaluator_config);
  return (
    <QueryState query={scenarios} label="rows" empty={{ title: 'No rows yet', description: 'Rows appear here as the run stores them.' }}>
      {(list) => {
        const shown = filter === 'failed' ? list.filter(failed) : list;
        return (
          <Stack gap="xs">
            <SegmentedControl value={filter} onChange={setFilter} aria-label="Rows to show" w="fit-content"
              data={[{ value: 'all', label: `All rows (${list.length})` }, { value: 'failed', label: `Failed or errored (${list.filter(failed).length})` }]} />
            <Table.ScrollContainer minWidth={900}>
              <Table aria-label="Evaluation rows" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th><Table.Th>Inputs</Table.Th><Table.Th>Output</Table.Th>
                    {(configs.length ? configs.map((c) => c.name) : list[0]?.results.map((r) => r.evaluator_key ?? r.evaluator_config) ?? [])
                      .map((name) => <Table.Th key={name}>{name}</Table.Th>)}
                    <Table.Th>Cost</Table.Th><Table.Th>Latency</Table.Th><Table.Th>Error</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>{shown.map((s) => <ScenarioRow key={s.id} scenario={s} evaluation={evaluation} />)}</Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        );
      }}
    </QueryState>
  );
}

function Actions({ evaluation }: { evaluation: Evaluation }) {
  const navigate = useNavigate();
  const rerun = useRerunFailedRows();
  const exporter = useExportEvaluation();
  const saveAsTestset = useCreateTestset();
  // Read while rendering, so this re-renders as the rows change and the button saves the rows the page shows.
  const stored = useScenarios(evaluation.id, false).data ?? [];
  const saveOutputs = () => {
    const rows = stored.map((s) => ({
      ...Object.fromEntries(s.inputs.map(({ name, value }) => [name, asCell(value)])), correct_answer: asCell(s.correct_answer), output: asCell(s.output),
    }));
    saveAsTestset.mutate({ name: `${evaluation.testset_name} · outputs of ${revisionLabel(evaluation)}`, rows });
  };
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => exporter.mutate({ id: evaluation.id, format: 'csv' })}>Export CSV</Button>
        <Button size="xs" variant="light" onClick={() => exporter.mutate({ id: evaluation.id, format: 'json' })}>Export JSON</Button>
        <Button size="xs" variant="light" onClick={saveOutputs} loading={saveAsTestset.isPending} disabled={isRunning(evaluation) || stored.length === 0}>Save outputs as a test set</Button>
        {evaluation.status.value === 'EVALUATION_FINISHED_WITH_ERRORS' || evaluation.status.value === 'EVALUATION_FAILED' ? (
          <Button size="xs" onClick={() => rerun.mutate(evaluation.id, { onSuccess: (created) => navigate(`/evaluations/${created.id}`) })} loading={rerun.isPending}>
            Re-run failed rows
          </Button>
        ) : null}
      </Group>
      {saveAsTestset.isSuccess ? <Text size="sm" role="status">Saved as test set “{saveAsTestset.data.name}”.</Text> : null}
      {[rerun, exporter, saveAsTestset].map((m, i) => (m.isError ? <ErrorMessage key={i} error={m.error} title="That did not work" /> : null))}
    </Stack>
  );
}

export function EvaluationPage() {
  const { evaluationId = '' } = useParams();
  const evaluation = useEvaluation(evaluationId);
  return (
    <QueryState query={evaluation} label="evaluation">
      {(data) => (
        <Stack>
          <Group gap="sm">
            <Title order={2}>{revisionLabel(data)}</Title>
            <Badge variant="light">{statusLabel(data.status)}</Badge>
            <Text c="dimmed" size="sm">
              on {data.testset_id ? <Anchor component={Link} to={`/testsets/${data.testset_id}`} size="sm">{data.testset_name}</Anchor> : data.testset_name}
              {' '}· version {data.testset_version}
            </Text>
          </Group>
          {data.status.error ? <Alert color="orange" title="Status">{data.status.error.message}</Alert> : null}
          <Actions evaluation={data} />
          <Scenarios evaluation={data} />
        </Stack>
      )}
    </QueryState>
  );
}
