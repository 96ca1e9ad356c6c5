import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Code, Group, SegmentedControl, Spoiler, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import type { TestsetCell, Evaluation, EvaluationScenario } from '@crucible/client';
import { ErrorMessage, QueryState } from '../../ui/QueryState';
import { useCreateTestset } from '../testsets/testsets.queries';
import { isRunning, useEvaluation, useExportEvaluation, useRerunFailedRows, useScenarios } from './evaluations.queries';
import { canRerunFailedRows, displayOutput, resultText, revisionLabel, statusLabel } from './format';
import { SourceBadge } from './SourceBadge';
import { agreementText, byRow } from './repetition-agreement';

const failed = (s: EvaluationScenario): boolean => s.error !== null || s.results.some((r) => r.result.type === 'error');
const asCell = (value: unknown): TestsetCell =>
  value === null || value === undefined ? null : typeof value === 'object' ? JSON.stringify(value) : (value as TestsetCell);

/** Past this many characters a reasoning is folded to three lines, the rest a click away. */
const FOLDED_REASONING = 140;

/** An LLM judge's reasoning under its score. */
function JudgeReasoning({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > FOLDED_REASONING;
  return (
    <Stack gap={0} align="flex-start">
      <Text size="xs" c="dimmed" lineClamp={long && !open ? 3 : undefined} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      {long ? (
        <Anchor component="button" type="button" size="xs" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'Less' : 'More'}
        </Anchor>
      ) : null}
    </Stack>
  );
}

const mean = (values: number[]): number | null => (values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length);

/** Above a row's repetitions: how many ran, how their evaluators agree, and the row's mean cost and latency. */
function RowSummary({ rowIndex, repetitions, configs }: { rowIndex: number; repetitions: EvaluationScenario[]; configs: Array<{ id: string; name: string }> }) {
  const cost = mean(repetitions.flatMap((s) => (s.cost === null ? [] : [s.cost])));
  const latency = mean(repetitions.flatMap((s) => (s.latency === null || s.error ? [] : [s.latency])));
  const failures = repetitions.filter((s) => s.error).length;
  return (
    <Table.Tr bg="gray.0" aria-label={`Row ${rowIndex + 1}: ${repetitions.length} repetitions`}>
      <Table.Td><Text size="sm" fw={600}>{rowIndex + 1}</Text></Table.Td>
      <Table.Td colSpan={2}>
        <Text size="sm" fw={600}>{repetitions.length} repetition{repetitions.length === 1 ? '' : 's'}</Text>
        {/* On a phone the evaluator columns are a sideways scroll away: the agreement is told here too. */}
        {configs.map(({ id, name }) => <Text key={id} size="xs" hiddenFrom="sm">{name}: {agreementText(repetitions, id)}</Text>)}
      </Table.Td>
      {configs.map(({ id }) => <Table.Td key={id}><Text size="sm" fw={600}>{agreementText(repetitions, id)}</Text></Table.Td>)}
      <Table.Td><Text size="sm" fw={600}>{cost === null ? '—' : `$${cost.toPrecision(3)}`}</Text></Table.Td>
      <Table.Td><Text size="sm" fw={600}>{latency === null ? '—' : `${latency.toFixed(3)} s`}</Text></Table.Td>
      <Table.Td><Text size="sm" c={failures ? 'red' : 'dimmed'}>{failures ? `${failures} failed` : ''}</Text></Table.Td>
    </Table.Tr>
  );
}

function ScenarioRow({ scenario, evaluation }: { scenario: EvaluationScenario; evaluation: Evaluation }) {
  const repeated = evaluation.repetitions > 1;
  return (
    <Table.Tr bg={failed(scenario) ? 'red.0' : undefined}>
      <Table.Td>
        {repeated
          ? <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{`${scenario.row_index + 1} · run ${scenario.repetition}/${evaluation.repetitions}`}</Text>
          : scenario.row_index + 1}
      </Table.Td>
      <Table.Td>{scenario.inputs.map(({ name, value }) => <Text key={name} size="sm"><b>{name}</b>: {displayOutput(value)}</Text>)}</Table.Td>
      <Table.Td><Text size="sm">{displayOutput(scenario.output)}</Text><Text size="xs" c="dimmed">expected: {displayOutput(scenario.correct_answer)}</Text></Table.Td>
      {evaluation.aggregated_results.length > 0 || scenario.results.length > 0 ? scenario.results.map((r) => (
        <Table.Td key={r.evaluator_config} maw={280}>
          <Text size="sm" c={r.result.type === 'error' ? 'red' : undefined} lineClamp={3}>{resultText(r.result)}</Text>
          {r.result.reasoning ? <JudgeReasoning text={r.result.reasoning} /> : null}
        </Table.Td>
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
  const repeated = evaluation.repetitions > 1;
  return (
    <QueryState query={scenarios} label="rows" empty={{ title: 'No rows yet', description: 'Rows appear here as the run stores them.' }}>
      {(list) => {
        const shown = filter === 'failed' ? list.filter(failed) : list;
        const columns = configs.length
          ? configs.map((c) => ({ id: c.id, name: c.name }))
          : list[0]?.results.map((r) => ({ id: r.evaluator_config, name: r.evaluator_key ?? r.evaluator_config })) ?? [];
        // A row's summary is over all its runs, also when only the failed ones are shown.
        const runsOf = new Map(repeated ? byRow(list).map((row) => [row.rowIndex, row.repetitions]) : []);
        const rows = repeated
          ? byRow(shown).flatMap(({ rowIndex, repetitions }) => [
            <RowSummary key={`row-${rowIndex}`} rowIndex={rowIndex} repetitions={runsOf.get(rowIndex) ?? repetitions} configs={columns} />,
            ...repetitions.map((s) => <ScenarioRow key={s.id} scenario={s} evaluation={evaluation} />),
          ])
          : shown.map((s) => <ScenarioRow key={s.id} scenario={s} evaluation={evaluation} />);
        return (
          <Stack gap="xs">
            <SegmentedControl value={filter} onChange={setFilter} aria-label="Rows to show" w="fit-content"
              data={[
                { value: 'all', label: repeated ? `All runs (${list.length})` : `All rows (${list.length})` },
                { value: 'failed', label: `Failed or errored (${list.filter(failed).length})` },
              ]} />
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
                <Table.Tbody>{rows}</Table.Tbody>
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
        {canRerunFailedRows(evaluation) ? (
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
            <SourceBadge evaluation={data} />
            <Text c="dimmed" size="sm">
              on {data.testset_id ? <Anchor component={Link} to={`/testsets/${data.testset_id}`} size="sm">{data.testset_name}</Anchor> : data.testset_name}
              {' '}· version {data.testset_version}
            </Text>
            {data.repetitions > 1 ? <Badge variant="outline" color="gray">{data.repetitions} repetitions per row</Badge> : null}
          </Group>
          {data.status.error ? <Alert color="orange" title="Status">{data.status.error.message}</Alert> : null}
          <Actions evaluation={data} />
          <Scenarios evaluation={data} />
        </Stack>
      )}
    </QueryState>
  );
}
