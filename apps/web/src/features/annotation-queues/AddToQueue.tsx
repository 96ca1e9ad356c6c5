import { useState } from 'react';
import { Alert, Anchor, Button, Group, Select } from '@mantine/core';
import { Link } from 'react-router';
import { describeError } from '../../api/api-error';
import { useAddToQueue, useAnnotationQueues } from './annotation-queues.queries';

/** For a selection of traces: pick a queue, add them to it (a trace already there is not added twice). */
export function AddToQueue({ traceIds }: { traceIds: string[] }) {
  const queues = useAnnotationQueues();
  const add = useAddToQueue();
  const [queueId, setQueueId] = useState<string | null>(null);
  const [added, setAdded] = useState<{ queueId: string; text: string } | null>(null);
  const options = [...(queues.data ?? [])].reverse().map((queue) => ({ value: queue.id, label: queue.name }));
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select aria-label="Annotation queue" placeholder={options.length ? 'Annotation queue' : 'No queues yet'} data={options} value={queueId}
        onChange={setQueueId} size="xs" w={220} allowDeselect={false} disabled={!options.length} />
      <Button size="xs" disabled={!queueId || traceIds.length === 0} loading={add.isPending}
        onClick={() => add.mutate({ queueId: queueId!, traceIds }, {
          onSuccess: (result) => {
            setAdded({ queueId: queueId!, text: `${result.added} added${result.already_queued ? `, ${result.already_queued} already there` : ''}` });
          },
        })}>
        Add to queue
      </Button>
      {!options.length && queues.isSuccess ? <Anchor component={Link} to="/annotation-queues" size="sm">Create a queue</Anchor> : null}
      {added ? (
        <Alert color="teal" role="status" py={4} px="sm">
          {added.text} · <Anchor component={Link} to={`/annotation-queues/${added.queueId}/annotate`} size="sm">annotate</Anchor>
        </Alert>
      ) : null}
      {add.isError ? <Alert color="red" role="alert" py={4} px="sm">{describeError(add.error)}</Alert> : null}
    </Group>
  );
}
