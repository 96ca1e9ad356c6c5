import { type FormEvent, useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Variant } from '@crucible/client';
import { useSaveAsVariant, useSaveRevision } from '../variants/variants.queries';
import type { ConfigValues } from './config-fields';

function SaveDialog({ title, opened, onClose, onSubmit, loading, error, withName }: {
  title: string; opened: boolean; onClose: () => void; loading: boolean; error?: string; withName: boolean;
  onSubmit: (fields: { name: string; message: string }) => void;
}) {
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ name: name.trim(), message: message.trim() });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={submit}>
        <Stack>
          {withName ? <TextInput label="Variant name" value={name} onChange={(e) => setName(e.currentTarget.value)} required data-autofocus /> : null}
          <TextInput label="Commit message" value={message} onChange={(e) => setMessage(e.currentTarget.value)} data-autofocus={!withName || undefined}
            placeholder="What changed and why" />
          {error ? <div role="alert" style={{ color: 'var(--mantine-color-red-7)', overflowWrap: 'anywhere' }}>{error}</div> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={loading}>Save</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Save as new revision" of this variant, or "Save as new variant" on the same base (seed op 5). */
export function SaveActions({ variant, values, onSavedRevision, onSavedVariant, onError, disabled }: {
  variant: Variant;
  values: ConfigValues;
  onSavedRevision: (revision: number) => void;
  onSavedVariant: (variantId: string) => void;
  /** Also told of a refused save, so an editor can show a 422 beside the field it names. */
  onError?: (error: unknown) => void;
  disabled?: boolean;
}) {
  const [revisionOpen, revisionDialog] = useDisclosure(false);
  const [variantOpen, variantDialog] = useDisclosure(false);
  const saveRevision = useSaveRevision(variant.app_id);
  const saveVariant = useSaveAsVariant(variant.app_id);
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="light" disabled={disabled} onClick={() => { saveRevision.reset(); revisionDialog.open(); }}>Save as new revision</Button>
      <Button variant="default" disabled={disabled} onClick={() => { saveVariant.reset(); variantDialog.open(); }}>Save as new variant</Button>
      <SaveDialog title={`New revision of ${variant.variant_name}`} opened={revisionOpen} onClose={revisionDialog.close} withName={false}
        loading={saveRevision.isPending} error={saveRevision.error?.message}
        onSubmit={({ message }) => saveRevision.mutate({ variantId: variant.variant_id, parameters: values, commitMessage: message }, {
          onSuccess: (saved) => {
            revisionDialog.close();
            notifications.show({ color: 'green', message: `Saved ${saved.variant_name} revision ${saved.revision}` });
            onSavedRevision(saved.revision);
          },
          onError,
        })} />
      <SaveDialog title="New variant from this configuration" opened={variantOpen} onClose={variantDialog.close} withName
        loading={saveVariant.isPending} error={saveVariant.error?.message}
        onSubmit={({ name, message }) => saveVariant.mutate({ baseId: variant.base_id, variantName: name, parameters: values, commitMessage: message }, {
          onSuccess: (saved) => {
            variantDialog.close();
            notifications.show({ color: 'green', message: `Created variant ${saved.variant_name}` });
            onSavedVariant(saved.variant_id);
          },
          onError,
        })} />
    </Group>
  );
}
