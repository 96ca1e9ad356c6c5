import { useState } from 'react';
import { Badge, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { TestsetDiff, TestsetRow, TestsetVersion } from '@crucible/client';
import { EmptyNotice, QueryState } from '../../ui/QueryState';
import { formatTime } from '../../ui/format';
import { useTestsetDiff, useTestsetVersions } from './testsets.queries';

/** A diff lists this many rows of each kind; the counts say how many there are. */
const SHOWN_ROWS = 200;

const CHANGES: Record<TestsetVersion['change'], string> = {
  created: 'created', uploaded: 'uploaded', rows_replaced: 'rows edited', before_versioning: 'before versions',
};

const rowText = (row: TestsetRow) => Object.entries(row).map(([column, value]) => `${column}: ${String(value ?? '')}`).join(' · ');

function RowLine({ label, color, index, row }: { label: string; color: string; index: number; row: TestsetRow }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" role="listitem">
      <Badge color={color} variant="light" w={86} style={{ flexShrink: 0 }}>{label}</Badge>
      <Text size="sm" c="dimmed" w={44} style={{ flexShrink: 0 }}>#{index + 1}</Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{rowText(row)}</Text>
    </Group>
  );
}

function DiffView({ diff }: { diff: TestsetDiff }) {
  const total = diff.added.length + diff.removed.length + diff.changed.length;
  return (
    <Stack gap={6} aria-label={`Changes from version ${diff.from} to version ${diff.to}`}>
      <Text size="sm" role="status">
        {diff.added.length} added · {diff.removed.length} removed · {diff.changed.length} changed · {diff.unchanged_count} unchanged
      </Text>
      {total === 0 ? <Text size="sm" c="dimmed">The two versions hold the same rows.</Text> : null}
      <Stack gap={4} role="list">
        {diff.changed.slice(0, SHOWN_ROWS).map((row) => (
          <Stack key={`c${row.from_index}`} gap={2}>
            <RowLine label="before" color="orange" index={row.from_index} row={row.from} />
            <RowLine label="after" color="blue" index={row.to_index} row={row.to} />
          </Stack>
        ))}
        {diff.removed.slice(0, SHOWN_ROWS).map((row) => <RowLine key={`r${row.index}`} label="removed" color="red" index={row.index} row={row.row} />)}
        {diff.added.slice(0, SHOWN_ROWS).map((row) => <RowLine key={`a${row.index}`} label="added" color="green" index={row.index} row={row.row} />)}
      </Stack>
      {[diff.changed, diff.removed, diff.added].some((rows) => rows.length > SHOWN_ROWS)
        ? <Text size="xs" c="dimmed">The first {SHOWN_ROWS} rows of each kind are shown.</Text> : null}
    </Stack>
  );
}

function VersionsDiff({ testsetId, versions }: { testsetId: string; versions: TestsetVersion[] }) {
  const latest = versions[versions.length - 1]!.version;
  const [from, setFrom] = useState<number>(versions[versions.length - 2]!.version);
  const [to, setTo] = useState<number>(latest);
  const diff = useTestsetDiff(testsetId, from, to);
  const options = versions.map((v) => ({ value: String(v.version), label: `version ${v.version}` }));
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Select label="from" data={options} value={String(from)} onChange={(value) => value && setFrom(Number(value))} allowDeselect={false} w={150} />
        <Select label="to" data={options} value={String(to)} onChange={(value) => value && setTo(Number(value))} allowDeselect={false} w={150} />
      </Group>
      {from === to
        ? <Text size="sm" c="dimmed">Pick two different versions to see what changed.</Text>
        : <QueryState query={diff} label="changes">{(data) => <DiffView diff={data} />}</QueryState>}
    </Stack>
  );
}

/** The history of a test set's rows: every version, and what changed between two of them. */
export function TestsetVersions({ testsetId }: { testsetId: string }) {
  const versions = useTestsetVersions(testsetId);
  return (
    <Stack gap="xs">
      <Title order={3}>Versions</Title>
      <QueryState query={versions} label="versions">
        {(list) => (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={480}>
              <Table striped aria-label="Versions">
                <Table.Thead>
                  <Table.Tr><Table.Th>Version</Table.Th><Table.Th>Change</Table.Th><Table.Th>Rows</Table.Th><Table.Th>By</Table.Th><Table.Th>When</Table.Th></Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...list].reverse().map((version) => (
                    <Table.Tr key={version.version}>
                      <Table.Td>{version.version}</Table.Td>
                      <Table.Td>{CHANGES[version.change]}</Table.Td>
                      <Table.Td>{version.rows_count.toLocaleString()}</Table.Td>
                      <Table.Td><Text size="sm" lineClamp={1}>{version.created_by ?? '—'}</Text></Table.Td>
                      <Table.Td title={version.created_at}>{formatTime(version.created_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {list.length < 2
              ? <EmptyNotice title="One version so far" description="Every edit of the rows makes a new version; pick two to see what changed." />
              : <VersionsDiff testsetId={testsetId} versions={list} />}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
