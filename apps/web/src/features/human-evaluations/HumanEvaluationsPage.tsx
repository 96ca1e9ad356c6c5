import { useState } from 'react';
import {
  Alert, Anchor, Badge, Button, Group, MultiSelect, Paper, Progress, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { describeError } from '../../api/api-error';
import { QueryState } from '../../ui/QueryState';
import { useApps } from '../apps/apps.queries';
import { useAppRevisions } from '../evaluations/evaluations.queries';
import { useTestset, useTestsets } from '../testsets/testsets.queries';
import { useScoreConfigs } from '../scores/scores.queries';
import { useCreateHumanEvaluation, useHumanEvaluations } from './human-evaluations.queries';

function CreateHumanEvaluation({ onCreated }: { onCreated: () => void }) {
  const apps = useApps();
  const testsets = useTestsets();
  const create = useCreateHumanEvaluation();
  const [kind, setKind] = useState<'human_a_b_testing' | 'single_model_test'>('human_a_b_testing');
  const [appId, setAppId] = useState<string | null>(null);
  const [first, setFirst] = useState<string | null>(null);
  const [second, setSecond] = useState<string | null>(null);
  const [testsetId, setTestsetId] = useState<string | null>(null);
  const [groundTruth, setGroundTruth] = useState<string | null>(null);
  const [scoreConfigIds, setScoreConfigIds] = useState<string[]>([]);
  const scoreConfigs = useScoreConfigs();
  const revisions = useAppRevisions(appId);
  const columns = useTestset(testsetId).data?.columns ?? [];
  const ab = kind === 'human_a_b_testing';
  const revisionIds = (ab ? [first, second] : [first]).filter((id): id is string => Boolean(id));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="New human evaluation">
      <Stack>
        <SegmentedControl value={kind} onChange={(v) => setKind(v as typeof kind)} aria-label="Kind" w="fit-content"
          data={[{ value: 'human_a_b_testing', label: 'A/B test' }, { value: 'single_model_test', label: 'Scoring' }]} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select allowDeselect={false} label="App" data={(apps.data ?? []).map((a) => ({ value: a.app_id, label: a.app_name }))} value={appId} onChange={setAppId} />
          <Select allowDeselect={false} label="Test set" data={(testsets.data ?? []).map((t) => ({ value: t.id, label: t.name }))} value={testsetId} onChange={setTestsetId} />
          <Select allowDeselect={false} label={ab ? "Revision A" : "Revision"} data={revisions.data ?? []} value={first} onChange={setFirst} disabled={!appId} />
          {ab ? <Select allowDeselect={false} label="Revision B" data={revisions.data ?? []} value={second} onChange={setSecond} disabled={!appId} /> : null}
          <Select label="Ground-truth column" description="optional" data={columns} value={groundTruth} onChange={setGroundTruth} clearable disabled={!columns.length} />
          {ab ? null : (
            <MultiSelect label="Score configs" value={scoreConfigIds} onChange={setScoreConfigIds} clearable searchable
              description={scoreConfigIds.length ? 'each row is judged on every one of these' : 'none: each row gets a score from 1 to 5'}
              data={(scoreConfigs.data ?? []).filter((c) => !c.archived).map((c) => ({ value: c.id, label: `${c.name} (${c.data_type})` }))}
              nothingFoundMessage="No score configs in this project" />
          )}
        </SimpleGrid>
        {create.isError ? <Alert color="red" role="alert" title="Not created">{describeError(create.error)}</Alert> : null}
        <Group justify="flex-end">
          <Button loading={create.isPending} disabled={!appId || !testsetId || revisionIds.length !== (ab ? 2 : 1)}
            onClick={() => create.mutate({
              app_id: appId!, evaluation_type: kind, revisions_ids: revisionIds, testset_id: testsetId!, ...(groundTruth ? { correct_answer_column: groundTruth } : {}),
              ...(!ab && scoreConfigIds.length ? { score_config_ids: scoreConfigIds } : {}),
            }, { onSuccess: onCreated })}>
            Create
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function HumanEvaluationsPage() {
  const list = useHumanEvaluations();
  const [creating, setCreating] = useState(false);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Human evaluations</Title>
        <Button onClick={() => setCreating((c) => !c)}>{creating ? 'Close' : 'New human evaluation'}</Button>
      </Group>
      {creating ? <CreateHumanEvaluation onCreated={() => setCreating(false)} /> : null}
      <QueryState query={list} label="human evaluations" empty={{ title: 'No human evaluations yet', description: 'Create an A/B test or a scoring run.' }}>
        {(evaluations) => (
          <Table.ScrollContainer minWidth={600}>
            <Table aria-label="Human evaluations">
              <Table.Thead><Table.Tr><Table.Th>Kind</Table.Th><Table.Th>Test set</Table.Th><Table.Th>Outputs</Table.Th><Table.Th /></Table.Tr></Table.Thead>
              <Table.Tbody>
                {[...evaluations].reverse().map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td><Badge variant="light">{e.evaluation_type === 'human_a_b_testing' ? 'A/B test' : e.score_configs.length ? `Scoring on ${e.score_configs.length} configs` : 'Scoring 1–5'}</Badge></Table.Td>
                    <Table.Td>{e.testset_name}</Table.Td>
                    <Table.Td miw={140}>
                      <Progress value={e.progress.total ? (e.progress.done / e.progress.total) * 100 : 0} size="sm" aria-label={`Outputs generated for ${e.testset_name}`} />
                      <Text size="xs" c="dimmed">{e.progress.done} / {e.progress.total} generated</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="sm" justify="flex-end" wrap="nowrap">
                        <Anchor component={Link} to={`/human-evaluations/${e.id}/judge`}>Judge</Anchor>
                        <Anchor component={Link} to={`/human-evaluations/${e.id}/results`}>Results</Anchor>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Stack>
  );
}
