import { useState } from 'react';
import {
  Alert, Badge, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title,
} from '@mantine/core';
import type { ScoreConfig } from '@crucible/client';
import { describeError } from '../../api/api-error';
import { QueryState } from '../../ui/QueryState';
import { useArchiveScoreConfig, useCreateScoreConfig, useScoreConfigs } from './scores.queries';

type DataType = ScoreConfig['data_type'];
const DATA_TYPES: Array<{ value: DataType; label: string }> = [
  { value: 'numeric', label: 'Number' }, { value: 'categorical', label: 'Category' },
  { value: 'boolean', label: 'Yes or no' }, { value: 'text', label: 'Text' },
];

/** `label=value` lines, as a person types a scale: "bad=0", "fine=1", "great=2". */
export function parseCategories(text: string): Array<{ label: string; value: number }> {
  return text.split('\n').map((line) => line.trim()).filter(Boolean).map((line, i) => {
    const at = line.lastIndexOf('=');
    return at > 0 ? { label: line.slice(0, at).trim(), value: Number(line.slice(at + 1)) } : { label: line, value: i };
  });
}

function valuesText(config: ScoreConfig): string {
  switch (config.data_type) {
    case 'numeric': return config.min === null && config.max === null ? 'any number' : `${config.min ?? '−∞'} to ${config.max ?? '∞'}`;
    case 'categorical': return (config.categories ?? []).map((c) => `${c.label} = ${c.value}`).join(' · ');
    case 'boolean': return 'yes or no';
    default: return 'free text';
  }
}

function CreateScoreConfig({ onCreated }: { onCreated: () => void }) {
  const create = useCreateScoreConfig();
  const [name, setName] = useState('');
  const [dataType, setDataType] = useState<DataType>('numeric');
  const [min, setMin] = useState<number | string>('');
  const [max, setMax] = useState<number | string>('');
  const [categories, setCategories] = useState('');
  const [description, setDescription] = useState('');
  const bound = (value: number | string) => (typeof value === 'number' ? value : null);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="New score config">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} required />
          <Select label="Type" data={DATA_TYPES} value={dataType} onChange={(v) => setDataType((v ?? 'numeric') as DataType)} allowDeselect={false} />
          {dataType === 'numeric' ? (
            <>
              <NumberInput label="Minimum" description="optional" value={min} onChange={setMin} />
              <NumberInput label="Maximum" description="optional" value={max} onChange={setMax} />
            </>
          ) : null}
        </SimpleGrid>
        {dataType === 'categorical' ? (
          <Textarea label="Categories" description="one per line, label=value (e.g. curt=0)" value={categories}
            onChange={(e) => setCategories(e.currentTarget.value)} autosize minRows={3} required />
        ) : null}
        <Textarea label="Description" description="optional: what reviewers should look for" value={description}
          onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={1} />
        {create.isError ? <Alert color="red" role="alert" title="Not created">{describeError(create.error)}</Alert> : null}
        <Group justify="flex-end">
          <Button loading={create.isPending} disabled={!name.trim()} onClick={() => create.mutate({
            name, data_type: dataType,
            ...(dataType === 'numeric' ? { min: bound(min), max: bound(max) } : {}),
            ...(dataType === 'categorical' ? { categories: parseCategories(categories) } : {}),
            ...(description.trim() ? { description } : {}),
          }, { onSuccess: onCreated })}>
            Create
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** ARCHITECTURE §18: what a score may hold, for annotation queues, human evaluations and scores sent by the api or the SDK. */
export function ScoreConfigsPage() {
  const configs = useScoreConfigs();
  const archive = useArchiveScoreConfig();
  const [creating, setCreating] = useState(false);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Score configs</Title>
        <Button onClick={() => setCreating((open) => !open)}>{creating ? 'Close' : 'New score config'}</Button>
      </Group>
      {creating ? <CreateScoreConfig onCreated={() => setCreating(false)} /> : null}
      {archive.isError ? <Alert color="red" role="alert" title="Not changed">{describeError(archive.error)}</Alert> : null}
      <QueryState query={configs} label="score configs"
        empty={{ title: 'No score configs yet', description: 'A config says what a score holds: a number in a range, a category, yes or no, or text.' }}>
        {(list) => (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Score configs">
              <Table.Thead><Table.Tr><Table.Th>Name</Table.Th><Table.Th>Type</Table.Th><Table.Th>Values</Table.Th><Table.Th>Description</Table.Th><Table.Th /></Table.Tr></Table.Thead>
              <Table.Tbody>
                {list.map((config) => (
                  <Table.Tr key={config.id} c={config.archived ? 'dimmed' : undefined}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{config.name} {config.archived ? <Badge color="gray" variant="light">archived</Badge> : null}</Table.Td>
                    <Table.Td>{DATA_TYPES.find((t) => t.value === config.data_type)?.label}</Table.Td>
                    <Table.Td><Text size="sm" style={{ overflowWrap: 'anywhere' }}>{valuesText(config)}</Text></Table.Td>
                    <Table.Td><Text size="sm" lineClamp={2}>{config.description ?? ''}</Text></Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="subtle" loading={archive.isPending && archive.variables?.id === config.id}
                        onClick={() => archive.mutate({ id: config.id, archived: !config.archived })}>
                        {config.archived ? 'Restore' : 'Archive'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Stack>
  );
}
