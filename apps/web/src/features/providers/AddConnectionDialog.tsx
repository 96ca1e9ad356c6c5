import { useState } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ApiError, describeError } from '../../api/api-error';
import type { ProviderKind } from '@crucible/client';
import { type NewConnection, useCreateConnection } from './providers.queries';

type FieldName = ProviderKind['fields'][number]['name'];

const FIELD_LABELS: Record<FieldName, string> = { api_key: 'API key', base_url: 'Base URL', api_version: 'API version', headers: 'Extra headers' };

/** "Name: value" lines → a header map; a line without a colon is named so the person can fix it. */
function parseHeaders(text: string): { headers?: Record<string, string>; error?: string } {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const colon = line.indexOf(':');
    if (colon <= 0) return { error: `“${line.slice(0, 40)}” is not a “Name: value” line` };
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return Object.keys(headers).length > 0 ? { headers } : {};
}

/** What the api said about one field: its 422 item, or a 409 (a taken name) under the name. */
function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 409) return field === 'name' ? error.message : undefined;
  return error.messageFor(field);
}

/** Pick a kind, fill in what that kind needs (secrets as password fields), save. */
export function AddConnectionDialog({ kinds, opened, onClose }: { kinds: ProviderKind[]; opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const create = useCreateConnection();
  const [kindName, setKindName] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [values, setValues] = useState<Partial<Record<FieldName, string>>>({});
  const [headersError, setHeadersError] = useState<string>();
  const kind = kinds.find((k) => k.kind === kindName);
  const close = () => { create.reset(); setKindName(null); setName(''); setValues({}); setHeadersError(undefined); onClose(); };
  const pickKind = (value: string | null) => {
    create.reset();
    setKindName(value);
    if (!name || kinds.some((k) => k.kind === name)) setName(value ?? '');
  };
  const save = () => {
    if (!kind) return;
    const parsed = parseHeaders(values.headers ?? '');
    setHeadersError(parsed.error);
    if (parsed.error) return;
    const body: NewConnection = { name: name.trim(), kind: kind.kind };
    if (values.api_key?.trim()) body.api_key = values.api_key.trim();
    if (values.base_url?.trim()) body.base_url = values.base_url.trim();
    if (values.api_version?.trim()) body.api_version = values.api_version.trim();
    if (parsed.headers) body.headers = parsed.headers;
    create.mutate(body, { onSuccess: close });
  };
  const unplaced = create.error instanceof ApiError && create.error.status !== 409
    && !['name', 'kind', ...(kind?.fields.map((f) => f.name) ?? [])].some((f) => create.error instanceof ApiError && create.error.messageFor(f));
  return (
    <Modal opened={opened} onClose={close} title="Add a provider connection" fullScreen={phone ?? false} size="lg">
      <form onSubmit={(event) => { event.preventDefault(); save(); }}>
        <Stack>
          <Select label="Provider" placeholder="Pick a provider" required searchable data={kinds.map((k) => ({ value: k.kind, label: k.name }))}
            value={kindName} onChange={pickKind} allowDeselect={false} error={fieldError(create.error, 'kind')} comboboxProps={{ withinPortal: true }} />
          {kind ? (
            <>
              <TextInput label="Name" required description="Unique in this project; judges and models name the connection by it."
                value={name} onChange={(e) => setName(e.currentTarget.value)} error={fieldError(create.error, 'name')} />
              {kind.fields.map((field) => {
                const common = {
                  label: FIELD_LABELS[field.name], required: field.required, error: fieldError(create.error, field.name),
                  value: values[field.name] ?? '',
                };
                const set = (value: string) => setValues((v) => ({ ...v, [field.name]: value }));
                if (field.name === 'headers') {
                  return <Textarea key={field.name} {...common} error={headersError ?? common.error} autosize minRows={2} styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} placeholder="X-Gateway-Key: …"
                    description="One “Name: value” per line, sent on every call; stored encrypted and never shown again."
                    onChange={(e) => set(e.currentTarget.value)} />;
                }
                if (field.secret) {
                  return <PasswordInput key={field.name} {...common} autoComplete="off" description="Stored encrypted; only its last 4 characters are shown again."
                    onChange={(e) => set(e.currentTarget.value)} />;
                }
                return <TextInput key={field.name} {...common} placeholder={field.name === 'base_url' ? kind.default_base_url ?? 'https://…/v1' : undefined}
                  description={field.name === 'base_url' && kind.default_base_url ? `Empty: ${kind.default_base_url}` : undefined}
                  onChange={(e) => set(e.currentTarget.value)} />;
              })}
            </>
          ) : null}
          {unplaced ? <Alert color="red" role="alert" title="Not saved" style={{ overflowWrap: 'anywhere' }}>{describeError(create.error)}</Alert> : null}
          {create.isError && !(create.error instanceof ApiError) ? <Alert color="red" role="alert" title="Not saved">{describeError(create.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button type="submit" disabled={!kind} loading={create.isPending}>Save connection</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
