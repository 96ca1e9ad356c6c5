import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Badge, Box, Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Link } from 'react-router';
import { describeError } from '../../api/api-error';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { EmptyNotice, ErrorMessage } from '../../ui/QueryState';
import { useProviderConnections, useProviderKinds } from '../providers/providers.queries';
import { CustomModelDialog } from './CustomModelDialog';
import { formatPricePerMtok, formatTokens } from './model-format';
import type { Model } from '@crucible/client';
import { type ModelFilters, type ModelProvider, useDeleteCustomModel, useModels } from './models.queries';

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 } as const;
const ROW_HEIGHT = 48;
// On a phone a row is three lines, four for a custom model (its connection under its name).
const phoneRowHeight = (model: Model | undefined) => (model?.source === 'custom' ? 96 : 78);
// Desktop columns: the id takes what is left.
const COLUMNS = [
  { label: 'Provider', width: 136 }, { label: 'Context', width: 68 }, { label: 'Input', width: 72 }, { label: 'Output', width: 72 },
  { label: 'Cached input', width: 108 }, { label: 'Available', width: 76 }, { label: 'Source', width: 64 }, { label: '', width: 56 },
];

function AvailableBadge({ model }: { model: Model }) {
  return model.available
    ? <Badge color="teal" variant="light" tt="none" miw="max-content">yes</Badge>
    : <Badge color="gray" variant="light" tt="none" miw="max-content">no</Badge>;
}

function CustomActions({ model, onEdit }: { model: Model; onEdit: () => void }) {
  const remove = useDeleteCustomModel();
  if (model.source !== 'custom' || !model.custom_model_id) return null;
  const id = model.custom_model_id;
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant="subtle" size="sm" aria-label={`Edit ${model.id}`} onClick={onEdit}>✎</ActionIcon>
      <ConfirmButton label="✕" aria-label={`Delete ${model.id}`} variant="subtle" color="red" size="compact-xs" title={`Delete “${model.id}”?`}
        message="Calls and spans it priced keep their costs; new ones fall back to the catalog." confirmLabel="Delete model" loading={remove.isPending}
        onConfirm={() => remove.mutate(id, { onError: (error) => notifications.show({ color: 'red', title: `${model.id} was not deleted`, message: describeError(error) }) })} />
    </Group>
  );
}

/** A custom model's listed id is `<connection name>/<name>`: the connection part, to show apart from its name. */
const connectionOf = (model: Model): string | null =>
  model.source === 'custom' && model.id.endsWith(`/${model.name}`) ? model.id.slice(0, -model.name.length - 1) : null;

/** A catalog model by its id; a custom one by its name, with the connection that serves it beneath (both in full in the title). */
function ModelName({ model, flex }: { model: Model; flex?: boolean }) {
  const connection = connectionOf(model);
  return (
    <Box role="cell" title={model.id} style={{ minWidth: 0, ...(flex ? { flex: 1 } : {}) }}>
      <Text size="sm" fw={500} style={ellipsis}>{connection ? model.name : model.id}</Text>
      {connection ? <Text size="xs" c="dimmed" style={ellipsis}>via {connection}</Text> : null}
    </Box>
  );
}

function ModelRow({ model, phone, onEdit }: { model: Model; phone: boolean; onEdit: () => void }) {
  const cached = model.cached_input_price_per_mtok === null ? '' : ` · ${formatPricePerMtok(model.cached_input_price_per_mtok)} cached`;
  const prices = `${formatPricePerMtok(model.input_price_per_mtok)} in · ${formatPricePerMtok(model.output_price_per_mtok)} out${cached}`;
  if (phone) {
    return (
      <Stack gap={2} py={6} w="100%" miw={0}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <ModelName model={model} />
          <Group gap={4} wrap="nowrap" role="cell">
            {model.available ? <Badge color="teal" variant="light" tt="none" miw="max-content">available</Badge> : null}
            {model.source === 'custom' ? <Badge variant="outline" tt="none" miw="max-content">custom</Badge> : null}
            <CustomActions model={model} onEdit={onEdit} />
          </Group>
        </Group>
        <Text role="cell" size="xs" c="dimmed" style={ellipsis}>
          {model.provider}{model.context_window === null ? '' : ` · ${formatTokens(model.context_window)} context`}
        </Text>
        <Text role="cell" size="xs" c="dimmed" style={ellipsis}>{prices}</Text>
      </Stack>
    );
  }
  const cells = [
    model.provider, formatTokens(model.context_window), formatPricePerMtok(model.input_price_per_mtok),
    formatPricePerMtok(model.output_price_per_mtok), formatPricePerMtok(model.cached_input_price_per_mtok),
  ];
  return (
    <>
      <ModelName model={model} flex />
      {cells.map((cell, i) => <Text role="cell" key={i} size="sm" w={COLUMNS[i]!.width} style={{ ...ellipsis, flexShrink: 0 }}>{cell}</Text>)}
      <Box role="cell" w={COLUMNS[5]!.width} style={{ flexShrink: 0 }}><AvailableBadge model={model} /></Box>
      <Text role="cell" size="sm" w={COLUMNS[6]!.width} style={{ flexShrink: 0 }}>{model.source}</Text>
      <Box role="cell" w={COLUMNS[7]!.width} style={{ flexShrink: 0 }}><CustomActions model={model} onEdit={onEdit} /></Box>
    </>
  );
}

/** Only the rows in view are in the page; the next page loads as the list nears its end. */
function ModelTable({ models, phone, hasMore, loadMore, onEdit }: {
  models: Model[]; phone: boolean; hasMore: boolean; loadMore: () => void; onEdit: (model: Model) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const sizeOf = (index: number) => (phone ? phoneRowHeight(models[index]) : ROW_HEIGHT);
  const virtualizer = useVirtualizer({ count: models.length, getScrollElement: () => scroller.current, estimateSize: sizeOf, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? 0;
  useEffect(() => { if (hasMore && lastIndex >= models.length - 20) loadMore(); }, [hasMore, lastIndex, models.length, loadMore]);
  useEffect(() => { virtualizer.measure(); }, [phone, virtualizer]);
  return (
    <Box role="table" aria-label="Models" aria-rowcount={models.length}>
      {phone ? null : (
        <Group role="row" gap={8} wrap="nowrap" fw={600} fz="sm" py={6} px="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Box role="columnheader" style={{ flex: 1 }}>Model</Box>
          {COLUMNS.map((column, i) => <Box role="columnheader" key={i} w={column.width} style={{ ...ellipsis, flexShrink: 0 }}>{column.label}</Box>)}
        </Group>
      )}
      <div ref={scroller} style={{ height: `min(62vh, 560px, ${Math.max(virtualizer.getTotalSize(), ROW_HEIGHT)}px)`, overflowY: 'auto' }} data-testid="models-scroller">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const model = models[item.index]!;
            return (
              <Group key={model.id} role="row" aria-rowindex={item.index + 1} gap={phone ? 0 : 8} wrap="nowrap" align="center" px="xs"
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: item.size, transform: `translateY(${item.start}px)`,
                  borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
                <ModelRow model={model} phone={phone} onEdit={() => onEdit(model)} />
              </Group>
            );
          })}
        </div>
      </div>
    </Box>
  );
}

/** Settings → Models: the catalog with prices per million tokens, which the project can use, and its custom models. */
export function ModelsPage() {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const kinds = useProviderKinds();
  const connections = useProviderConnections();
  const [search, setSearch] = useState('');
  const [provider, setProvider] = useState<ModelProvider | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const filters: ModelFilters = { provider, q: debounced };
  const models = useModels(filters);
  const rows = models.data?.pages.flatMap((page) => page.models) ?? [];
  const [editing, setEditing] = useState<Model | 'new' | null>(null);
  const loadMore = () => { if (!models.isFetchingNextPage) void models.fetchNextPage(); };
  const noConnections = connections.isSuccess && connections.data.length === 0;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Models</Title>
        <Button onClick={() => setEditing('new')} disabled={!connections.data?.length}>Add custom model</Button>
      </Group>
      {noConnections ? (
        <Alert color="blue" title="No model is available yet">
          A model is available once the project has a connection to its provider: <Link to="/settings/providers">add a provider</Link>. Custom models need one too.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="Search models" placeholder="gpt-4o, claude, llama…" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
        <Select label="Provider" placeholder="All providers" clearable value={provider} onChange={(value) => setProvider(value as ModelProvider | null)}
          data={(kinds.data ?? []).map((k) => ({ value: k.kind, label: k.name }))} />
      </SimpleGrid>
      {models.isError ? <ErrorMessage error={models.error} title="Could not load models" onRetry={() => void models.refetch()} /> : null}
      {models.isSuccess && rows.length === 0 ? (
        <EmptyNotice title="No models match" description="Clear the search or pick another provider; a model the catalog lacks can be added as a custom model." />
      ) : null}
      {rows.length > 0 ? (
        <>
          <Text size="sm" c="dimmed" role="status">
            {rows.length.toLocaleString()}{models.hasNextPage ? '+' : ''} model{rows.length === 1 && !models.hasNextPage ? '' : 's'} · prices in USD per million tokens (cached input: a prompt cache hit)
          </Text>
          <ModelTable models={rows} phone={phone} hasMore={models.hasNextPage} loadMore={loadMore}
            onEdit={(model) => setEditing(model)} />
        </>
      ) : null}
      {editing ? (
        <CustomModelDialog connections={connections.data ?? []} model={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}
