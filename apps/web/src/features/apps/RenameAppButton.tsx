import { type FormEvent, useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { App } from '@crucible/client';
import { useRenameApp } from './apps.queries';

export function RenameAppButton({ app }: { app: App }) {
  const [opened, dialog] = useDisclosure(false);
  const [name, setName] = useState(app.app_name);
  const rename = useRenameApp();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate({ appId: app.app_id, appName: name.trim() }, { onSuccess: dialog.close });
  };
  return (
    <>
      <Button variant="subtle" size="xs" onClick={() => { setName(app.app_name); rename.reset(); dialog.open(); }}>Rename</Button>
      <Modal opened={opened} onClose={dialog.close} title={`Rename ${app.app_name}`} centered>
        <form onSubmit={submit}>
          <Stack>
            <TextInput label="App name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={rename.error?.message} data-autofocus required />
            <Group justify="flex-end">
              <Button variant="default" onClick={dialog.close}>Cancel</Button>
              <Button type="submit" loading={rename.isPending}>Rename</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
