import { type FormEvent, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { describeError } from '../../api/api-error';
import { useCreateProject } from '../../auth/account.queries';

/** Name a project; the person who makes it is its owner, and the console switches to it. */
export function NewProjectDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (projectId: string) => void }) {
  const create = useCreateProject();
  const [name, setName] = useState('');
  const close = () => {
    create.reset();
    setName('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(name.trim(), { onSuccess: (project) => { close(); onCreated(project.id); } });
  };
  return (
    <Modal opened={opened} onClose={close} title="New project" centered>
      <form onSubmit={submit}>
        <Stack>
          <TextInput label="Project name" value={name} onChange={(event) => setName(event.currentTarget.value)} required data-autofocus
            description="You will be its owner; invite others from Settings → Members." />
          {create.isError ? <Alert color="red" role="alert" title="Not created">{describeError(create.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>Create project</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
