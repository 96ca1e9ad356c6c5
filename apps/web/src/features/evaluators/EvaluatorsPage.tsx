import { useState } from 'react';
import { Badge, Button, Card, Code, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { EvaluatorDescriptor } from '@crucible/client';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { QueryState } from '../../ui/QueryState';
import { EvaluatorConfigForm } from './EvaluatorConfigForm';
import { useDeleteEvaluatorConfig, useEvaluatorCatalog, useEvaluatorConfigs } from './evaluators.queries';

export function EvaluatorsPage() {
  const catalog = useEvaluatorCatalog();
  const configs = useEvaluatorConfigs();
  const remove = useDeleteEvaluatorConfig();
  const [chosen, setChosen] = useState<EvaluatorDescriptor | null>(null);
  return (
    <Stack>
      <Title order={2}>Evaluators</Title>
      <Title order={3} size="h4">Configured</Title>
      <QueryState query={configs} label="evaluator configs" empty={{ title: 'No evaluators configured', description: 'Pick one from the catalog below.' }}>
        {(list) => (
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label="Configured evaluators">
              <Table.Thead><Table.Tr><Table.Th>Name</Table.Th><Table.Th>Evaluator</Table.Th><Table.Th>Settings</Table.Th><Table.Th /></Table.Tr></Table.Thead>
              <Table.Tbody>
                {list.map((config) => (
                  <Table.Tr key={config.id}>
                    <Table.Td>{config.name}</Table.Td>
                    <Table.Td><Code>{config.evaluator_key}</Code></Table.Td>
                    <Table.Td><Text size="xs" ff="monospace" lineClamp={2}>{JSON.stringify(config.settings_values)}</Text></Table.Td>
                    <Table.Td ta="right">
                      <ConfirmButton label="Delete" aria-label={`Delete ${config.name}`} variant="subtle" color="red" size="xs"
                        title={`Delete “${config.name}”?`} message="Evaluations that used it keep their results." confirmLabel="Delete evaluator"
                        onConfirm={() => remove.mutate(config.id)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      {chosen ? <EvaluatorConfigForm key={chosen.key} evaluator={chosen} onSaved={() => setChosen(null)} /> : null}
      <Title order={3} size="h4">Catalog</Title>
      <QueryState query={catalog} label="evaluator catalog">
        {(list) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="list" aria-label="Evaluator catalog">
            {list.map((evaluator) => (
              <Card key={evaluator.key} withBorder role="listitem" aria-label={evaluator.name}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600}>{evaluator.name}</Text>
                  {evaluator.requires_llm ? <Badge variant="light" size="sm">uses an LLM</Badge> : null}
                </Group>
                <Text size="sm" c="dimmed" my="xs">{evaluator.description}</Text>
                <Button size="xs" variant="light" onClick={() => { setChosen(evaluator); window.scrollTo({ top: 0 }); }}>Configure</Button>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}
