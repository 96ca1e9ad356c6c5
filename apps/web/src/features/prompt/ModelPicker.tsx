import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatPricePerMtok } from '../models/model-format';
import type { Model } from '@crucible/client';
import { useProviderConnections, useProviderKinds } from '../providers/providers.queries';
import { useAllModels } from './prompt.queries';

interface ModelGroup { group: string; items: Array<{ value: string; label: string; disabled?: boolean }> }

/**
 * What the project can run first (the schema's choices, by connection or provider), then the rest of GET /models
 * grouped by provider, disabled and marked where the project has no connection for it.
 */
function pickerGroups(served: Record<string, string[]>, models: Model[], providerName: (kind: string) => string, current: string): ModelGroup[] {
  const groups = new Map<string, ModelGroup>();
  const add = (group: string, item: ModelGroup['items'][number]) => {
    if (!groups.has(group)) groups.set(group, { group, items: [] });
    groups.get(group)!.items.push(item);
  };
  const listed = new Set<string>();
  for (const [group, ids] of Object.entries(served)) {
    if (group === 'current') continue;
    for (const id of ids) {
      listed.add(id);
      add(providerName(group), { value: id, label: id });
    }
  }
  for (const model of models) {
    if (listed.has(model.id)) continue;
    listed.add(model.id);
    add(`${providerName(model.provider)}${model.available ? '' : ' — no connection'}`, { value: model.id, label: model.id, disabled: !model.available });
  }
  const list = [...groups.values()];
  // A saved model nothing offers (a custom model since deleted) stays visible, so nobody saves it unknowingly.
  if (current && !listed.has(current)) list.unshift({ group: 'Saved', items: [{ value: current, label: `${current} (not found)` }] });
  return list;
}

/** `model` (from GET /models, with prices per million tokens) and the `connection_id` that serves it. */
export function ModelPicker({ model, served, connectionId, onChange, modelError, connectionError }: {
  model: string;
  /** The schema's model choices: what the project can run. */
  served: Record<string, string[]>;
  connectionId: string | undefined;
  onChange: (change: { model?: string; connection_id?: string | undefined }) => void;
  modelError?: string;
  connectionError?: string;
}) {
  const models = useAllModels();
  const kinds = useProviderKinds();
  const connections = useProviderConnections();
  const list = models.data ?? [];
  const byId = new Map(list.map((entry) => [entry.id, entry]));
  const providerName = (kind: string) => kinds.data?.find((entry) => entry.kind === kind)?.name ?? kind;
  const chosen = byId.get(model);
  const noneAvailable = models.isSuccess && !list.some((entry) => entry.available) && !Object.values(served).some((ids) => ids.length);
  return (
    <Stack gap={6}>
      <Select label="model" searchable limit={150} maxDropdownHeight={320} allowDeselect={false} value={model || null}
        data={pickerGroups(served, list, providerName, models.isSuccess ? model : '')} onChange={(value) => value && onChange({ model: value })}
        error={modelError ?? (models.isError ? 'Could not load the models' : undefined)} nothingFoundMessage="No such model"
        placeholder={models.isPending ? 'Loading models…' : 'Choose a model'} comboboxProps={{ withinPortal: true }}
        renderOption={({ option }) => {
          const entry = byId.get(option.value);
          return (
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{option.label}</Text>
              {entry ? <Text size="xs" c="dimmed">{formatPricePerMtok(entry.input_price_per_mtok)} in · {formatPricePerMtok(entry.output_price_per_mtok)} out per M tokens</Text> : null}
            </Stack>
          );
        }} />
      {model && models.isSuccess ? (
        <Text size="xs" c="dimmed" aria-label="Model price">
          {chosen ? `${formatPricePerMtok(chosen.input_price_per_mtok)} in · ${formatPricePerMtok(chosen.output_price_per_mtok)} out per million tokens`
            : "Priced as the catalog's model of the same name, or by a custom model you add under Settings → Models."}
        </Text>
      ) : null}
      <Text size="xs" c={noneAvailable ? 'orange.8' : 'dimmed'}>
        {noneAvailable ? 'No provider is connected yet, so no model can run. ' : 'Models of providers without a connection are greyed out. '}
        <Anchor component={Link} to="/settings/providers" size="xs">Add a connection</Anchor>
      </Text>
      <Group grow wrap="wrap">
        <Select label="connection_id" clearable searchable value={connectionId ?? null} error={connectionError}
          placeholder="The first connection of the model's provider"
          data={(connections.data ?? []).map((connection) => ({ value: connection.id, label: `${connection.name} (${connection.kind})` }))}
          onChange={(value) => onChange({ connection_id: value ?? undefined })} comboboxProps={{ withinPortal: true }} />
      </Group>
    </Stack>
  );
}
