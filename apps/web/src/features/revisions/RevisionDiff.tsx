import { useState } from 'react';
import { Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import type { VariantRevision } from '@crucible/client';
import { formatValue } from '../../ui/format';

/** Parameters of two revisions side by side; changed keys are marked. */
export function RevisionDiff({ revisions }: { revisions: VariantRevision[] }) {
  const numbers = revisions.map((r) => String(r.revision));
  const [from, setFrom] = useState<string | null>(numbers.length > 1 ? numbers[numbers.length - 2] : numbers[0] ?? null);
  const [to, setTo] = useState<string | null>(numbers[numbers.length - 1] ?? null);
  const left = revisions.find((r) => String(r.revision) === from);
  const right = revisions.find((r) => String(r.revision) === to);
  const keys = [...new Set([...Object.keys(left?.parameters ?? {}), ...Object.keys(right?.parameters ?? {})])].sort();
  const changed = keys.filter((key) => formatValue(left?.parameters[key]) !== formatValue(right?.parameters[key]));
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Text fw={600}>Compare parameters</Text>
        <Group grow wrap="nowrap">
          <Select label="From revision" data={numbers} value={from} onChange={setFrom} allowDeselect={false} />
          <Select label="To revision" data={numbers} value={to} onChange={setTo} allowDeselect={false} />
        </Group>
        <Text size="sm" c="dimmed">{changed.length === 0 ? 'No parameter differs.' : `${changed.length} of ${keys.length} parameters differ.`}</Text>
        <Table.ScrollContainer minWidth={300}>
          <Table aria-label="Parameter differences" layout="fixed">
            <Table.Thead>
              <Table.Tr><Table.Th w="36%">Parameter</Table.Th><Table.Th>Revision {from}</Table.Th><Table.Th>Revision {to}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((key) => {
                const differs = changed.includes(key);
                return (
                  <Table.Tr key={key} bg={differs ? 'var(--mantine-color-yellow-light)' : undefined} data-changed={differs || undefined}>
                    <Table.Td fw={differs ? 600 : undefined} style={{ wordBreak: 'break-word' }}>{key}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{formatValue(left?.parameters[key])}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{formatValue(right?.parameters[key])}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
