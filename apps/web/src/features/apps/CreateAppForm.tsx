import { type FormEvent, useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useCreateApp } from './apps.queries';

export function CreateAppForm() {
  const [name, setName] = useState('');
  const create = useCreateApp();
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: (app) => {
        setName('');
        void navigate(`/apps/${app.app_id}`);
      },
    });
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-start" wrap="nowrap">
        <TextInput label="New app name" placeholder="support-bot" value={name} onChange={(e) => setName(e.currentTarget.value)}
          error={create.error?.message} style={{ flex: 1 }} maw={420} required />
        <Button type="submit" mt={25} loading={create.isPending}>Create app</Button>
      </Group>
    </form>
  );
}
