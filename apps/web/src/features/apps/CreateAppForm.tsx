import { type FormEvent, useState } from 'react';
import { Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { type PromptTemplateKind, useCreateAppFromTemplate, useTemplates } from '../prompt/prompt.queries';
import { useCreateApp } from './apps.queries';

type Start = PromptTemplateKind['key'] | 'service';

const SERVICE = { key: 'service' as const, name: 'Your own service', description: 'A workflow service you run with the SDK: register its URL next.' };

/** "New app": a name, and what it starts from — a Completion or Chat template (a prompt, no code) or a service. */
export function CreateAppForm() {
  const [name, setName] = useState('');
  const [start, setStart] = useState<Start>('service');
  const templates = useTemplates();
  const fromService = useCreateApp();
  const fromTemplate = useCreateAppFromTemplate();
  const create = start === 'service' ? fromService : fromTemplate;
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const onSuccess = (app: { app_id: string }) => {
      setName('');
      void navigate(start === 'service' ? `/apps/${app.app_id}` : `/apps/${app.app_id}/playground`);
    };
    if (start === 'service') fromService.mutate(name.trim(), { onSuccess });
    else fromTemplate.mutate({ appName: name.trim(), templateKey: start }, { onSuccess });
  };
  const choices = [...(templates.data ?? []), SERVICE];
  return (
    <form onSubmit={submit} aria-label="New app">
      <Stack gap="sm" maw={900}>
        <TextInput label="New app name" placeholder="support-bot" value={name} onChange={(e) => setName(e.currentTarget.value)}
          error={create.error?.message} maw={420} required />
        <Radio.Group label="Start from" value={start} onChange={(value) => setStart(value as Start)}
          description={templates.isError ? 'The templates could not be loaded; a service can still be registered.' : undefined}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt={6}>
            {choices.map((choice) => (
              <Radio.Card key={choice.key} value={choice.key} p="sm" radius="md" aria-label={choice.name}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={2} />
                  <div>
                    <Text fw={600} size="sm">{choice.name}</Text>
                    <Text size="xs" c="dimmed">{choice.description}</Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Group>
          <Button type="submit" loading={create.isPending}>Create app</Button>
        </Group>
      </Stack>
    </form>
  );
}
