import { useState } from 'react';
import { Alert, Anchor, Button, Group, MultiSelect, Paper, Progress, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { Link } from 'react-router';
import { describeError } from '../../api/api-error';
import { QueryState } from '../../ui/QueryState';
import { useAnnotationQueues, useCreateAnnotationQueue } from './annotation-queues.queries';
import { useScoreConfigs } from '../scores/scores.queries';

function CreateQueue({ onCreated }: { onCreated: () => void }) {
  const configs = useScoreConfigs();
  const create = useCreateAnnotationQueue();
  const [name, setName] = useState('');
  const [configIds, setConfigIds] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  const options = (configs.data ?? []).filter((config) => !config.archived).map((config) => ({ value: config.id, label: `${config.name} (${config.data_type})` }));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="New annotation queue">
      <Stack>
        <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} required />
        <MultiSelect label="Score configs" description="The rubric: what each annotator answers for every trace, in this order"
          data={options} value={configIds} onChange={setConfigIds} searchable required
          nothingFoundMessage={configs.isSuccess && options.length === 0 ? 'No score configs yet: create them under Settings → Score configs' : 'No match'} />
        <Textarea label="Description" description="optional: what to look for" value={description} onChange={(event) => setDescription(event.currentTarget.value)} autosize minRows={2} />
        {create.isError ? <Alert color="red" role="alert" title="Not created">{describeError(create.error)}</Alert> : null}
        <Group justify="flex-end">
          <Button loading={create.isPending} disabled={!name.trim() || configIds.length === 0}
            onClick={() => create.mutate({ name, score_config_ids: configIds, ...(description.trim() ? { description } : {}) }, { onSuccess: onCreated })}>
            Create
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** ARCHITECTURE §18 in the console: the project's annotation queues, how far each is, and a new one from score configs. */
export function AnnotationQueuesPage() {
  const queues = useAnnotationQueues();
  const [creating, setCreating] = useState(false);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Annotation queues</Title>
        <Button onClick={() => setCreating((open) => !open)}>{creating ? 'Close' : 'New queue'}</Button>
      </Group>
      {creating ? <CreateQueue onCreated={() => setCreating(false)} /> : null}
      <QueryState query={queues} label="annotation queues" empty={{
        title: 'No annotation queues yet',
        description: 'Create one with a rubric of score configs, then add traces to it from an app\'s Traces page.',
      }}>
        {(list) => (
          <Table.ScrollContainer minWidth={520}>
            <Table aria-label="Annotation queues" verticalSpacing="sm">
              <Table.Thead><Table.Tr><Table.Th>Name</Table.Th><Table.Th>Done</Table.Th><Table.Th>Created</Table.Th><Table.Th /></Table.Tr></Table.Thead>
              <Table.Tbody>
                {[...list].reverse().map((queue) => (
                  <Table.Tr key={queue.id}>
                    <Table.Td maw={320}>
                      <Anchor component={Link} to={`/annotation-queues/${queue.id}`} style={{ overflowWrap: 'anywhere' }}>{queue.name}</Anchor>
                      {queue.description ? <Text size="xs" c="dimmed" lineClamp={2}>{queue.description}</Text> : null}
                    </Table.Td>
                    <Table.Td miw={140}>
                      <Progress value={queue.progress.total ? (queue.progress.done / queue.progress.total) * 100 : 0} size="sm" aria-label={`Done in ${queue.name}`} />
                      <Text size="xs" c="dimmed">{queue.progress.done} / {queue.progress.total} done</Text>
                    </Table.Td>
                    <Table.Td><Text size="sm">{new Date(queue.created_at).toLocaleDateString()} · {queue.created_by}</Text></Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        <Button component={Link} to={`/annotation-queues/${queue.id}/annotate`} size="xs" variant="light"
                          disabled={queue.progress.done === queue.progress.total}>Annotate</Button>
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
