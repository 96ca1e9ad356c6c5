import { useState } from 'react';
import { Anchor, Badge, Button, Checkbox, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { Evaluation } from '@crucible/client';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ErrorMessage, QueryState } from '../../ui/QueryState';
import { CreateEvaluationForm } from './CreateEvaluationForm';
import {
  isRunning, useCancelEvaluation, useDeleteEvaluations, useEvaluationStatus, useEvaluations, useRerunFailedRows,
} from './evaluations.queries';
import { canRerunFailedRows, revisionLabel, scoreText, statusLabel } from './format';
import { SourceBadge } from './SourceBadge';

const STATUS_COLOR: Record<string, string> = {
  EVALUATION_FINISHED: 'teal', EVALUATION_FINISHED_WITH_ERRORS: 'orange', EVALUATION_FAILED: 'red', EVALUATION_AGGREGATION_FAILED: 'red',
  EVALUATION_CANCELLED: 'gray', EVALUATION_STARTED: 'blue', EVALUATION_INITIALIZED: 'blue',
};

function StatusCell({ evaluation }: { evaluation: Evaluation }) {
  const running = isRunning(evaluation);
  const status = useEvaluationStatus(evaluation.id, running);
  const progress = status.data?.progress;
  const percent = progress && progress.total > 0 ? (progress.done / progress.total) * 100 : 0;
  return (
    <Stack gap={4} miw={140}>
      {/* A badge clips its label, so without a minimum a narrow table squeezes "finished with errors" to "finished with er…". */}
      <Badge color={STATUS_COLOR[String(evaluation.status.value)] ?? 'gray'} variant="light" miw="max-content">{statusLabel(evaluation.status)}</Badge>
      {running && progress ? (
        <>
          <Progress value={percent} animated size="sm" aria-label={`Progress of ${revisionLabel(evaluation)}`} />
          <Text size="xs" c="dimmed">{progress.done} / {progress.total} rows</Text>
        </>
      ) : null}
    </Stack>
  );
}

function EvaluationRow({ evaluation, selected, onSelect }: { evaluation: Evaluation; selected: boolean; onSelect: (on: boolean) => void }) {
  const rerun = useRerunFailedRows();
  const cancel = useCancelEvaluation();
  const remove = useDeleteEvaluations();
  const running = isRunning(evaluation);
  const label = revisionLabel(evaluation);
  return (
    <Table.Tr>
      <Table.Td><Checkbox aria-label={`Select ${label} on ${evaluation.testset_name}`} checked={selected} onChange={(e) => onSelect(e.currentTarget.checked)} /></Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap"><Anchor component={Link} to={`/evaluations/${evaluation.id}`}>{label}</Anchor><SourceBadge evaluation={evaluation} /></Group>
        <Text size="xs" c="dimmed">{evaluation.testset_name}</Text>
      </Table.Td>
      <Table.Td><StatusCell evaluation={evaluation} /></Table.Td>
      <Table.Td>
        {evaluation.aggregated_results.map((a) => (
          <Text key={a.evaluator_config.id} size="sm">{a.evaluator_config.name}: <b>{scoreText(evaluation, a.evaluator_config.id)}</b></Text>
        ))}
      </Table.Td>
      <Table.Td><Text size="sm">{evaluation.total_cost ? `$${Number(evaluation.total_cost.value).toPrecision(3)}` : '—'}</Text></Table.Td>
      <Table.Td><Text size="sm">{evaluation.average_latency ? `${Number(evaluation.average_latency.value).toFixed(3)} s` : '—'}</Text></Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {running ? <Button size="xs" variant="subtle" onClick={() => cancel.mutate(evaluation.id)} loading={cancel.isPending}>Cancel</Button> : null}
          {canRerunFailedRows(evaluation) ? (
            <Button size="xs" variant="subtle" onClick={() => rerun.mutate(evaluation.id)} loading={rerun.isPending}>Re-run failed</Button>
          ) : null}
          <ConfirmButton label="Delete" aria-label={`Delete ${label}`} size="xs" variant="subtle" color="red" title={`Delete the evaluation of ${label}?`}
            message="Its rows and results are deleted. This cannot be undone." confirmLabel="Delete evaluation" onConfirm={() => remove.mutate([evaluation.id])} />
        </Group>
        {rerun.isError ? <ErrorMessage error={rerun.error} title="Not re-run" /> : null}
      </Table.Td>
    </Table.Tr>
  );
}

export function EvaluationsPage() {
  const evaluations = useEvaluations();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Evaluations</Title>
        <Group gap="xs">
          <Button variant="light" disabled={selected.length < 2} onClick={() => navigate(`/evaluations/compare?ids=${selected.join(',')}`)}>
            Compare selected ({selected.length})
          </Button>
          <Button onClick={() => setCreating((c) => !c)}>{creating ? 'Close' : 'New evaluation'}</Button>
        </Group>
      </Group>
      {creating ? <CreateEvaluationForm onCreated={() => setCreating(false)} /> : null}
      <QueryState query={evaluations} label="evaluations" empty={{ title: 'No evaluations yet', description: 'Start one with “New evaluation”.' }}>
        {(list) => (
          <Table.ScrollContainer minWidth={860}>
            <Table aria-label="Evaluations" verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr><Table.Th /><Table.Th>Revision</Table.Th><Table.Th>Status</Table.Th><Table.Th>Scores</Table.Th><Table.Th>Cost</Table.Th><Table.Th>Latency</Table.Th><Table.Th /></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...list].reverse().map((evaluation) => (
                  <EvaluationRow key={evaluation.id} evaluation={evaluation} selected={selected.includes(evaluation.id)}
                    onSelect={(on) => setSelected((s) => (on ? [...s, evaluation.id] : s.filter((id) => id !== evaluation.id)))} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Stack>
  );
}
