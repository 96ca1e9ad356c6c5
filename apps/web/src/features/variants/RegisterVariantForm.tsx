import { type FormEvent, useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../api/api-error';
import { useRegisterVariant } from './variants.queries';

/** Registers a running workflow service (URL + route) as a new variant; its schema defaults become revision 1. */
export function RegisterVariantForm({ appId }: { appId: string }) {
  const [variantName, setVariantName] = useState('');
  const [url, setUrl] = useState('');
  const [routePath, setRoutePath] = useState('');
  const register = useRegisterVariant(appId);
  const error = register.error;
  const fieldError = (field: string) => (error instanceof ApiError ? error.messageFor(field) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate({ variantName: variantName.trim(), url: url.trim(), routePath: routePath.trim() }, {
      onSuccess: (variant) => {
        notifications.show({ color: 'green', message: `Registered ${variant.variant_name} (revision 1)` });
        setVariantName('');
        setUrl('');
        setRoutePath('');
      },
    });
  };
  const general = error && !fieldError('variant_name') && !fieldError('url') && !fieldError('route_path') ? error.message : undefined;
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text fw={600}>Register a workflow service</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Variant name" placeholder="gpt4o-concise" value={variantName} required
              onChange={(e) => setVariantName(e.currentTarget.value)} error={fieldError('variant_name')} />
            <TextInput label="Service URL" placeholder="http://127.0.0.1:8100" value={url} required
              onChange={(e) => setUrl(e.currentTarget.value)} error={fieldError('url')} />
            <TextInput label="Route" placeholder="/" description="For multi-route services" value={routePath}
              onChange={(e) => setRoutePath(e.currentTarget.value)} error={fieldError('route_path')} />
          </SimpleGrid>
          {general ? <Text c="red" size="sm" role="alert">{general}</Text> : null}
          <Group><Button type="submit" loading={register.isPending}>Register variant</Button></Group>
        </Stack>
      </form>
    </Paper>
  );
}
