import { useRef, useState } from 'react';
import { ActionIcon, Badge, Box, Button, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useParams } from 'react-router';
import type { Testset, TestsetRow } from '@crucible/client';
import { ErrorMessage, QueryState } from '../../ui/QueryState';
import { RowEditor } from './RowEditor';
import { TestsetVersions } from './TestsetVersions';
import { useReplaceRows, useTestset } from './testsets.queries';

const ROW_HEIGHT = 38;
const COLUMN_WIDTH = 200;

/** Only the rows in view are in the DOM, so 100 000 rows scroll as smoothly as 10. */
function RowsTable({ testset }: { testset: Testset }) {
  const [rows, setRows] = useState(testset.csvdata);
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const replace = useReplaceRows(testset.id);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const save = (next: TestsetRow[]) => replace.mutate(next, { onSuccess: () => { setRows(next); setEditing(null); } });
  const width = 70 + testset.columns.length * COLUMN_WIDTH + 90;
  const cellStyle = { width: COLUMN_WIDTH, flexShrink: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">{rows.length.toLocaleString()} rows · {testset.columns.join(', ')}</Text>
        <Button size="xs" onClick={() => setEditing({ index: null })}>Add row</Button>
      </Group>
      {replace.isError ? <ErrorMessage error={replace.error} title="The rows were not saved" /> : null}
      <ScrollArea type="auto" offsetScrollbars>
        <Box role="table" aria-label="Rows" aria-rowcount={rows.length} w={width}>
          <Group role="row" gap={0} wrap="nowrap" fw={600} py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <Box role="columnheader" w={70}>#</Box>
            {testset.columns.map((column) => <Box role="columnheader" key={column} style={cellStyle}>{column}</Box>)}
          </Group>
          <div ref={scroller} style={{ maxHeight: 'min(60vh, 520px)', overflowY: 'auto' }} data-testid="rows-scroller">
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const row = rows[item.index]!;
                return (
                  <Group key={item.key} role="row" aria-rowindex={item.index + 1} gap={0} wrap="nowrap" align="center"
                    style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)`,
                      borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
                    <Box role="cell" w={70} c="dimmed">{item.index + 1}</Box>
                    {testset.columns.map((column) => (
                      <Box role="cell" key={column} style={cellStyle} title={String(row[column] ?? '')}>{String(row[column] ?? '')}</Box>
                    ))}
                    <Group role="cell" gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" size="sm" aria-label={`Edit row ${item.index + 1}`} onClick={() => setEditing({ index: item.index })}>✎</ActionIcon>
                      <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Delete row ${item.index + 1}`}
                        onClick={() => save(rows.filter((_, i) => i !== item.index))}>✕</ActionIcon>
                    </Group>
                  </Group>
                );
              })}
            </div>
          </div>
        </Box>
      </ScrollArea>
      {editing ? (
        <RowEditor
          title={editing.index === null ? 'Add a row' : `Edit row ${editing.index + 1}`}
          columns={testset.columns}
          row={editing.index === null ? {} : rows[editing.index]!}
          saving={replace.isPending}
          onClose={() => setEditing(null)}
          onSave={(row) => save(editing.index === null ? [...rows, row] : rows.map((r, i) => (i === editing.index ? row : r)))}
        />
      ) : null}
    </Stack>
  );
}

export function TestsetPage() {
  const { testsetId = '' } = useParams();
  const testset = useTestset(testsetId);
  return (
    <QueryState query={testset} label="test set">
      {(data) => (
        <Stack>
          <Group gap="sm">
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>{data.name}</Title>
            <Badge variant="light" aria-label="current version">version {data.version}</Badge>
          </Group>
          <RowsTable key={data.id} testset={data} />
          <TestsetVersions testsetId={data.id} />
        </Stack>
      )}
    </QueryState>
  );
}
