import { Autocomplete, Select } from '@mantine/core';
import type { SettingTemplate } from '@crucible/client';
import type { ProviderConnection } from '@crucible/client';
import { useProviderConnections } from '../providers/providers.queries';
import { useModelOptions } from '../models/models.queries';

interface FieldProps { template: SettingTemplate; value: string; error?: string; onChange: (value: string) => void }

const describe = (template: SettingTemplate) => `${template.label}. ${template.description}`;

/** `connection_id`: one of the project's connections (the read-only `environment` one too); empty is the default. */
export function ConnectionSettingField({ template, value, error, onChange }: FieldProps) {
  const connections = useProviderConnections();
  const data = (connections.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.kind})` }));
  // A saved id the list lacks (a deleted connection) stays visible, so nobody saves it unknowingly.
  if (value && connections.isSuccess && !data.some((d) => d.value === value)) data.push({ value, label: `${value} (not found)` });
  return (
    <Select label={template.key} description={describe(template)} required={template.required} error={error ?? (connections.isError ? 'Could not load the connections' : undefined)}
      placeholder={connections.data?.length === 0 ? 'No connections yet: add one under Settings → Providers' : "Default: the first connection of the model's provider"}
      data={data} value={value || null} onChange={(v) => onChange(v ?? '')} clearable searchable nothingFoundMessage="No such connection" />
  );
}

/** `model`: models of the chosen connection's provider (all when none is chosen), available ones first; free text stays allowed. */
export function ModelSettingField({ template, value, error, onChange, connectionId }: FieldProps & { connectionId: string }) {
  const connections = useProviderConnections();
  const connection: ProviderConnection | undefined = connections.data?.find((c) => c.id === connectionId);
  const models = useModelOptions({ provider: connection?.kind ?? null, q: '' });
  const list = models.data ?? [];
  const available = list.filter((m) => m.available).map((m) => m.id);
  const others = list.filter((m) => !m.available).map((m) => m.id);
  const data = [
    ...(available.length ? [{ group: 'Available in this project', items: available }] : []),
    ...(others.length ? [{ group: 'No connection for their provider', items: others }] : []),
  ];
  return (
    <Autocomplete label={template.key} description={describe(template)} required={template.required}
      error={error ?? (models.isError ? 'Could not load the models' : undefined)}
      placeholder={connection ? `A ${connection.kind} model` : 'Search models'} data={data} limit={100} value={value}
      onChange={onChange} maxDropdownHeight={280} comboboxProps={{ withinPortal: true }} />
  );
}
