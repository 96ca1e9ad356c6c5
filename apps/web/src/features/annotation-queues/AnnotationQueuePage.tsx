import { Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { Metric } from '../../ui/Metric';
import { QueryState } from '../../ui/QueryState';
import { useAnnotationQueue } from './annotation-queues.queries';
import { useScoreConfigs } from '../scores/scores.queries';

/** One queue: its rubric, how far it is, and who did what. */
export function AnnotationQueuePage() {
  const { queueId = '' } = useParams();
  const queue = useAnnotationQueue(queueId);
  const configs = useScoreConfigs();
  return (
    <QueryState query={queue} label="annotation queue">
      {(detail) => {
        const { total, done, held, annotators } = detail.progress;
        const rubric = detail.score_config_ids.map((id) => configs.data?.find((config) => config.id === id));
        return (
          <Stack>
            <Group justify="space-between" wrap="wrap">
              <Title order={2} style={{ overflowWrap: 'anywhere' }}>{detail.name}</Title>
              <Button component={Link} to={`/annotation-queues/${detail.id}/annotate`} disabled={done === total}>
                {total === 0 ? 'Nothing to annotate' : done === total ? 'All done' : 'Start annotating'}
              </Button>
            </Group>
            {detail.description ? <Text c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>{detail.description}</Text> : null}
            <Group gap="xs" aria-label="Rubric">
              <Text size="sm">Rubric:</Text>
              {rubric.map((config, i) => (
                <Badge key={detail.score_config_ids[i]} variant="light" tt="none">{config ? `${config.name} · ${config.data_type}` : detail.score_config_ids[i]}</Badge>
              ))}
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Metric label="Items" value={String(total)} />
              <Metric label="Done" value={String(done)} />
              <Metric label="Held now" value={String(held)} />
              <Metric label="Left" value={String(total - done)} />
            </SimpleGrid>
            <Progress value={total ? (done / total) * 100 : 0} aria-label="Done" />
            {total === 0 ? (
              <Text size="sm" c="dimmed">No traces yet: select some on an app's Traces page and press "Add to queue".</Text>
            ) : null}
            <Paper withBorder p="md" radius="md" component="section" aria-label="Progress per annotator">
              <Title order={4} mb="sm">Per annotator</Title>
              {annotators.length === 0 ? <Text size="sm" c="dimmed">Nobody has annotated an item yet.</Text> : (
                <Table aria-label="Annotators">
                  <Table.Thead><Table.Tr><Table.Th>Annotator</Table.Th><Table.Th>Done</Table.Th><Table.Th>Now</Table.Th></Table.Tr></Table.Thead>
                  <Table.Tbody>
                    {annotators.map((entry) => (
                      <Table.Tr key={entry.annotator_key_id}>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.annotator}</Table.Td>
                        <Table.Td>{entry.done}</Table.Td>
                        <Table.Td>{entry.holding ? <Badge variant="light" tt="none">annotating</Badge> : '—'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
          </Stack>
        );
      }}
    </QueryState>
  );
}
