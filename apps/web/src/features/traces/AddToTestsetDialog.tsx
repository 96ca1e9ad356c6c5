import { useState } from 'react';
import { ActionIcon, Alert, Anchor, Autocomplete, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TraceSummary } from '@crucible/client';
import { useApi } from '../../api/ApiProvider';
import { unwrap } from '../../api/api-client';
import { describeError } from '../../api/api-error';
import { testsetKeys, useTestsets } from '../testsets/testsets.queries';
import { type ColumnMapping, TRACE_ID_COLUMN, inputNamesOf, suggestedMapping } from './trace-mapping';

const NEW_SET = 'new';

function useAddTraceRows() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, name, appId, traceIds, mapping }: { target: string; name: string; appId: string; traceIds: string[]; mapping: Record<string, string> }) =>
      target === NEW_SET
        ? unwrap(api.POST('/testsets/from-traces', { body: { name, app_id: appId, trace_ids: traceIds, mapping } }))
        : unwrap(api.POST('/testsets/{testset_id}/rows/from-traces', { params: { path: { testset_id: target } }, body: { trace_ids: traceIds, mapping } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testsetKeys.all }),
  });
}

/** ARCHITECTURE §18: the selected traces become rows of a new or existing test set, each column read from every trace. */
export function AddToTestsetDialog({ appId, traces, onClose, onAdded }: {
  appId: string; traces: TraceSummary[]; onClose: () => void; onAdded: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const testsets = useTestsets();
  const add = useAddTraceRows();
  const inputNames = inputNamesOf(traces);
  const [target, setTarget] = useState(NEW_SET);
  const [name, setName] = useState('');
  const [mapping, setMapping] = useState<ColumnMapping[]>(() => suggestedMapping(inputNames, null));
  const sources = [...inputNames.map((input) => `inputs.${input}`), 'output', 'attributes.'];

  const pickTarget = (value: string | null) => {
    const next = value ?? NEW_SET;
    setTarget(next);
    const columns = testsets.data?.find((testset) => testset.id === next)?.columns ?? null;
    setMapping(suggestedMapping(inputNames, next === NEW_SET ? null : columns));
    add.reset();
  };
  const update = (index: number, change: Partial<ColumnMapping>) => setMapping((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const save = () => {
    const body = Object.fromEntries(mapping.filter((row) => row.column.trim()).map((row) => [row.column.trim(), row.source.trim()]));
    add.mutate({ target, name: name.trim(), appId, traceIds: traces.map((trace) => trace.trace_id), mapping: body }, {
      onSuccess: (testset) => {
        notifications.show({ color: 'green', message: `${traces.length} rows added to ${testset.name}` });
        onAdded();
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={`Add ${traces.length} ${traces.length === 1 ? 'trace' : 'traces'} to a test set`} fullScreen={phone ?? false} size="lg">
      <form onSubmit={(event) => { event.preventDefault(); save(); }}>
        <Stack>
          <Select
            label="Test set" value={target} onChange={pickTarget} allowDeselect={false} searchable comboboxProps={{ withinPortal: true }}
            data={[{ value: NEW_SET, label: 'A new test set' }, ...(testsets.data ?? []).map((testset) => ({ value: testset.id, label: testset.name }))]}
          />
          {target === NEW_SET ? <TextInput label="Name" required value={name} onChange={(event) => setName(event.currentTarget.value)} /> : null}
          <Stack gap={4}>
            <Text size="sm" fw={500}>Columns</Text>
            <Text size="xs" c="dimmed">
              Each column reads inputs.&lt;name&gt;, output, or attributes.&lt;name&gt; (of the root span) of every trace; each row also gets
              {' '}{TRACE_ID_COLUMN}, the trace it came from.
            </Text>
          </Stack>
          {mapping.map((row, index) => (
            // Keyed by position: rows are edited in place, and a column name may be empty or repeated while typed.
            <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
              <TextInput aria-label={`Column ${index + 1}`} placeholder="column" value={row.column} style={{ flex: 1, minWidth: 0 }}
                onChange={(event) => update(index, { column: event.currentTarget.value })} />
              <Autocomplete aria-label={`Source of column ${index + 1}`} placeholder="inputs.<name>" value={row.source} data={sources}
                style={{ flex: 1, minWidth: 0 }} comboboxProps={{ withinPortal: true }} onChange={(source) => update(index, { source })} />
              <ActionIcon variant="subtle" color="gray" aria-label={`Remove column ${index + 1}`} onClick={() => setMapping((rows) => rows.filter((_, i) => i !== index))}>
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button variant="subtle" size="xs" onClick={() => setMapping((rows) => [...rows, { column: '', source: '' }])}>Add a column</Button>
          </Group>
          {add.isError ? <Alert color="red" role="alert" title="Not added" style={{ overflowWrap: 'anywhere' }}>{describeError(add.error)}</Alert> : null}
          {target !== NEW_SET ? (
            <Text size="xs" c="dimmed">
              The rows are appended to <Anchor component={Link} to={`/testsets/${target}`} size="xs">the test set</Anchor>; the columns must be its own.
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={add.isPending} disabled={mapping.every((row) => !row.column.trim())}>Add rows</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
