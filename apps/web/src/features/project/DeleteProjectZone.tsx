import { type FormEvent, useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { describeError } from '../../api/api-error';
import type { WorkspaceProject } from '../../auth/workspace';
import { useDeleteProject } from './project.queries';

/**
 * The danger zone of an owner: deleting takes the project's apps, evaluations, traces, keys and memberships with it,
 * so the name must be typed first. Afterwards the console layout moves to another of their projects, or to the page
 * that offers to create one.
 */
export function DeleteProjectZone({ project }: { project: WorkspaceProject }) {
  const [opened, dialog] = useDisclosure(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteProject();
  const close = () => {
    remove.reset();
    setTyped('');
    dialog.close();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed !== project.name) return;
    remove.mutate(project.id);
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Danger zone" style={{ borderColor: 'var(--mantine-color-red-5)' }}>
      <Stack gap="sm">
        <Title order={3} size="h4" c="red">Danger zone</Title>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2} maw={560}>
            <Text size="sm" fw={600}>Delete this project</Text>
            <Text size="sm" c="dimmed">
              Its apps, variants, environments, test sets, evaluations, traces, scores, queues, connections, API keys, members and invitations are
              deleted at once. Members keep their accounts. This cannot be undone.
            </Text>
          </Stack>
          <Button color="red" variant="outline" onClick={dialog.open}>Delete project</Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={close} title={`Delete ${project.name}?`} centered>
        <form onSubmit={submit}>
          <Stack>
            <Text size="sm">Everything in {project.name} is deleted for everyone, and cannot be brought back.</Text>
            <TextInput label="Project name" description={`Type ${project.name} to confirm`} value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)} autoComplete="off" data-autofocus />
            {remove.isError ? <Alert color="red" role="alert" title="Not deleted">{describeError(remove.error)}</Alert> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>Cancel</Button>
              <Button type="submit" color="red" loading={remove.isPending} disabled={typed !== project.name}>Delete this project</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
