import { useState } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import type { PlaygroundRunResponse } from '@crucible/contracts';
import { useApi } from '../../api/ApiProvider';
import { unwrap } from '../../api/api-client';
import { describeError } from '../../api/api-error';
import type { Variant } from '@crucible/client';
import { ErrorMessage } from '../../ui/QueryState';
import { useRevisions, useVariantSchema } from '../variants/variants.queries';
import { InputsForm } from './InputsForm';
import { RunResult } from './RunResult';

export interface CompareColumn { variantId: string | null; revision: string | null }

const letter = (index: number) => String.fromCharCode(65 + index);

function ColumnPicker({ index, column, variants, onChange, onRemove }: {
  index: number; column: CompareColumn; variants: Variant[]; onChange: (column: CompareColumn) => void; onRemove?: () => void;
}) {
  const revisions = useRevisions(column.variantId);
  return (
    <Group grow align="flex-end" wrap="nowrap">
      <Select label={`Variant ${letter(index)}`} data={variants.map((v) => ({ value: v.variant_id, label: v.variant_name }))}
        value={column.variantId} onChange={(variantId) => onChange({ variantId, revision: null })} allowDeselect={false} />
      <Select label={`Revision ${letter(index)}`} placeholder="latest" clearable disabled={!column.variantId}
        data={[...(revisions.data ?? [])].reverse().map((r) => String(r.revision))} value={column.revision}
        onChange={(revision) => onChange({ ...column, revision })} />
      {onRemove ? <Button variant="subtle" color="gray" onClick={onRemove} style={{ flexGrow: 0 }} aria-label={`Remove column ${letter(index)}`}>Remove</Button> : null}
    </Group>
  );
}

type ColumnOutcome = { ok: true; result: PlaygroundRunResponse } | { ok: false; message: string };

/** Two or more variants or revisions side by side on the same inputs, run together with their stored parameters. */
export function ComparePanel({ variants, initial, inputs, onInputsChange }: {
  variants: Variant[];
  initial: CompareColumn[];
  inputs: Record<string, string>;
  onInputsChange: (inputs: Record<string, string>) => void;
}) {
  const api = useApi();
  const [columns, setColumns] = useState<CompareColumn[]>(initial);
  const schema = useVariantSchema(columns[0]?.variantId ?? null);
  const runAll = useMutation({
    mutationFn: (chosen: CompareColumn[]) => Promise.all(chosen.map(async (column): Promise<ColumnOutcome> => {
      if (!column.variantId) return { ok: false, message: 'Choose a variant.' };
      try {
        const result = await unwrap(api.POST('/variants/{variant_id}/playground/run', {
          params: { path: { variant_id: column.variantId } },
          body: { inputs, ...(column.revision ? { revision: Number(column.revision) } : {}) },
        }));
        return { ok: true, result };
      } catch (error) {
        return { ok: false, message: describeError(error) };
      }
    })),
  });
  const execute = () => runAll.mutate(columns);
  useHotkeys([['mod+Enter', execute]], []);
  const describe = (column: CompareColumn) =>
    `${variants.find((v) => v.variant_id === column.variantId)?.variant_name ?? '—'} · revision ${column.revision ?? 'latest'}`;
  return (
    <Stack>
      <Paper withBorder p="md">
        <Stack gap="sm">
          {columns.map((column, index) => (
            <ColumnPicker key={index} index={index} column={column} variants={variants}
              onChange={(next) => setColumns(columns.map((c, i) => (i === index ? next : c)))}
              onRemove={columns.length > 2 ? () => setColumns(columns.filter((_, i) => i !== index)) : undefined} />
          ))}
          <Group><Button variant="subtle" onClick={() => setColumns([...columns, { variantId: columns[0]?.variantId ?? null, revision: null }])}>Add a column</Button></Group>
          {schema.data ? <InputsForm names={schema.data.inputs} values={inputs} onChange={onInputsChange} errorFor={() => undefined} /> : null}
          {schema.isError ? <ErrorMessage error={schema.error} title="Could not read the first variant's inputs" /> : null}
          <Group><Button onClick={execute} loading={runAll.isPending}>Run all</Button></Group>
        </Stack>
      </Paper>
      {runAll.data ? (
        <SimpleGrid cols={{ base: 1, md: Math.min(columns.length, 3) }}>
          {runAll.data.map((outcome, index) => {
            const title = `${letter(index)}: ${describe(runAll.variables?.[index] ?? columns[index]!)}`;
            return outcome.ok ? <RunResult key={index} result={outcome.result} title={title} />
              : <Paper key={index} withBorder p="md" role="region" aria-label={title}><Text fw={600}>{title}</Text><Text c="red" size="sm">{outcome.message}</Text></Paper>;
          })}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
