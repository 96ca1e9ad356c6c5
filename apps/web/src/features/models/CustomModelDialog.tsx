import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ApiError, describeError } from '../../api/api-error';
import type { Model, ProviderConnection } from '@crucible/client';
import { useCreateCustomModel, useUpdateCustomModel } from './models.queries';

const FIELDS = ['provider_connection_id', 'name', 'input_price_per_mtok', 'output_price_per_mtok', 'cached_input_price_per_mtok', 'match_pattern'];

function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 409) return field === 'name' ? error.message : undefined;
  return error.messageFor(field);
}

const price = (value: number | string): number | null => (value === '' ? null : Number(value));

/** Adds a custom model (a fine-tune, an Ollama model, a price override) or changes one: `model` given → edit. */
export function CustomModelDialog({ connections, model, onClose }: { connections: ProviderConnection[]; model: Model | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const create = useCreateCustomModel();
  const update = useUpdateCustomModel();
  const [connectionId, setConnectionId] = useState<string | null>(model?.provider_connection_id ?? connections[0]?.id ?? null);
  const [name, setName] = useState(model?.name ?? '');
  const [input, setInput] = useState<number | string>(model?.input_price_per_mtok ?? '');
  const [output, setOutput] = useState<number | string>(model?.output_price_per_mtok ?? '');
  const [cached, setCached] = useState<number | string>(model?.cached_input_price_per_mtok ?? '');
  const [pattern, setPattern] = useState(model?.match_pattern ?? '');
  const mutation = model ? update : create;
  const error = mutation.error;
  const save = () => {
    const prices = { input_price_per_mtok: price(input), output_price_per_mtok: price(output), cached_input_price_per_mtok: price(cached) };
    const common = { name: name.trim(), cached_input_price_per_mtok: prices.cached_input_price_per_mtok, match_pattern: pattern.trim() || null };
    if (model?.custom_model_id) {
      update.mutate({ id: model.custom_model_id, changes: {
        ...common, ...(prices.input_price_per_mtok === null ? {} : { input_price_per_mtok: prices.input_price_per_mtok }),
        ...(prices.output_price_per_mtok === null ? {} : { output_price_per_mtok: prices.output_price_per_mtok }),
      } }, { onSuccess: onClose });
    } else {
      // Missing prices go as they are, so the api names each missing field.
      create.mutate({ ...common, provider_connection_id: connectionId ?? '', input_price_per_mtok: prices.input_price_per_mtok as number,
        output_price_per_mtok: prices.output_price_per_mtok as number }, { onSuccess: onClose });
    }
  };
  const unplaced = error instanceof ApiError && error.status !== 409 && !FIELDS.some((f) => error.messageFor(f));
  return (
    <Modal opened onClose={onClose} title={model ? `Edit “${model.id}”` : 'Add a custom model'} fullScreen={phone ?? false} size="lg"
      styles={{ title: { overflowWrap: 'anywhere' } }}>
      <form onSubmit={(event) => { event.preventDefault(); save(); }}>
        <Stack>
          <Select label="Connection" required disabled={model !== null} description="The connection that serves it."
            data={connections.map((c) => ({ value: c.id, label: `${c.name} (${c.kind})` }))} value={connectionId} onChange={setConnectionId} allowDeselect={false}
            error={fieldError(error, 'provider_connection_id')} />
          <TextInput label="Name" required description="The model name the provider takes (e.g. llama3.1:8b or ft:gpt-4o-mini:acme)."
            value={name} onChange={(e) => setName(e.currentTarget.value)} error={fieldError(error, 'name')} />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <NumberInput label="Input $ / M tokens" required min={0} decimalScale={6} value={input} onChange={setInput} error={fieldError(error, 'input_price_per_mtok')} />
            <NumberInput label="Output $ / M tokens" required min={0} decimalScale={6} value={output} onChange={setOutput} error={fieldError(error, 'output_price_per_mtok')} />
            <NumberInput label="Cached input $ / M" min={0} decimalScale={6} value={cached} onChange={setCached} error={fieldError(error, 'cached_input_price_per_mtok')} />
          </SimpleGrid>
          <TextInput label="Match pattern" styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} placeholder="^llama3\.1" value={pattern} onChange={(e) => setPattern(e.currentTarget.value)}
            description="Optional RE2 pattern: calls and trace spans whose model name matches are priced with this model. Empty: its exact name."
            error={fieldError(error, 'match_pattern')} />
          {unplaced ? <Alert color="red" role="alert" title="Not saved" style={{ overflowWrap: 'anywhere' }}>{describeError(error)}</Alert> : null}
          {mutation.isError && !(error instanceof ApiError) ? <Alert color="red" role="alert" title="Not saved">{describeError(error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={mutation.isPending}>{model ? 'Save changes' : 'Add model'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
