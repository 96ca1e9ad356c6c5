import { type FormEvent, useState } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error';
import { type PromptTemplateKind, useAddVariantFromTemplate, useTemplates } from './prompt.queries';

/** A new variant of this app from the Completion or Chat template: a prompt to edit, no service to run. */
export function AddTemplateVariantForm({ appId }: { appId: string }) {
  const [variantName, setVariantName] = useState('');
  const [templateKey, setTemplateKey] = useState<PromptTemplateKind['key']>('chat');
  const templates = useTemplates();
  const add = useAddVariantFromTemplate(appId);
  const navigate = useNavigate();
  const fieldError = (name: string) => (add.error instanceof ApiError ? add.error.messageFor(name) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ variantName: variantName.trim(), templateKey }, {
      onSuccess: (variant) => {
        notifications.show({ color: 'green', message: `Created ${variant.variant_name} from the ${templateKey} template` });
        void navigate(`/apps/${appId}/playground?variant=${variant.variant_id}`);
      },
    });
  };
  const general = add.error && !fieldError('variant_name') && !fieldError('template_key') ? add.error.message : undefined;
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text fw={600}>New variant from a template</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Prompt name" placeholder="friendly-tone" value={variantName} required
              onChange={(e) => setVariantName(e.currentTarget.value)} error={fieldError('variant_name')} />
            <Select label="Template" allowDeselect={false} value={templateKey} error={fieldError('template_key')}
              data={(templates.data ?? []).map((template) => ({ value: template.key, label: template.name }))}
              onChange={(value) => value && setTemplateKey(value as PromptTemplateKind['key'])} />
          </SimpleGrid>
          {general ? <Text c="red" size="sm" role="alert">{general}</Text> : null}
          <Group><Button type="submit" loading={add.isPending}>Create from template</Button></Group>
        </Stack>
      </form>
    </Paper>
  );
}
