import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { QueryState } from '../../ui/QueryState';
import { useApps } from '../apps/apps.queries';
import { useEvaluatorConfigs } from '../evaluators/evaluators.queries';
import { CreateOnlineEvaluation } from './CreateOnlineEvaluation';
import { useOnlineEvaluations } from './online-evaluations.queries';
import { ExecutionCounts, RuleState } from './rule-parts';
import { samplingText, scopeText } from './rule-text';

/** ARCHITECTURE §18 in the console: the project's online evaluation rules, newest first, with what each did to the traces it saw. */
export function OnlineEvaluationsPage() {
  const rules = useOnlineEvaluations();
  const apps = useApps();
  const configs = useEvaluatorConfigs();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const appName = new Map((apps.data ?? []).map((app) => [app.app_id, app.app_name]));
  const configName = new Map((configs.data ?? []).map((config) => [config.id, config.name]));
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Online evaluation</Title>
        <Button onClick={() => setCreating((open) => !open)}>{creating ? 'Close' : 'New rule'}</Button>
      </Group>
      <Text size="sm" c="dimmed">
        A rule runs an evaluator config on a sample of an app&apos;s live traces as they arrive; each result is a score on the trace.
      </Text>
      {creating ? <CreateOnlineEvaluation onCreated={(ruleId) => void navigate(`/online-evaluations/${ruleId}`)} /> : null}
      <QueryState query={rules} label="online evaluation rules" empty={{
        title: 'No online evaluation rules yet',
        description: 'Create one to score live traffic: pick an app, an evaluator config of it and the share of traces to evaluate.',
      }}>
        {(list) => (
          <>
            {/* A phone gets a card per rule: six columns would only scroll sideways. */}
            <Stack hiddenFrom="sm" gap="sm" role="list" aria-label="Online evaluation rules">
              {[...list].reverse().map((rule) => (
                <Paper key={rule.id} withBorder p="sm" radius="md" role="listitem" aria-label={rule.name}>
                  <Stack gap={6}>
                    <Anchor component={Link} to={`/online-evaluations/${rule.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>{rule.name}</Anchor>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {appName.get(rule.app_id) ?? rule.app_id} · {configName.get(rule.evaluator_config_id) ?? rule.evaluator_config_id}
                      {' · '}{samplingText(rule.sampling_rate)} · {scopeText(rule)}
                    </Text>
                    <RuleState rule={rule} />
                    <ExecutionCounts counts={rule.executions} />
                  </Stack>
                </Paper>
              ))}
            </Stack>
            <Table.ScrollContainer minWidth={760} visibleFrom="sm">
              <Table aria-label="Online evaluation rules" verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th><Table.Th>App</Table.Th><Table.Th>Evaluator</Table.Th><Table.Th>Sampling</Table.Th>
                    <Table.Th>State</Table.Th><Table.Th>Executions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...list].reverse().map((rule) => (
                    <Table.Tr key={rule.id}>
                      <Table.Td maw={260}>
                        <Anchor component={Link} to={`/online-evaluations/${rule.id}`} style={{ overflowWrap: 'anywhere' }}>{rule.name}</Anchor>
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{scopeText(rule)}</Text>
                      </Table.Td>
                      <Table.Td maw={180}><Text size="sm" style={{ overflowWrap: 'anywhere' }}>{appName.get(rule.app_id) ?? rule.app_id}</Text></Table.Td>
                      <Table.Td maw={180}>
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{configName.get(rule.evaluator_config_id) ?? rule.evaluator_config_id}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{samplingText(rule.sampling_rate)}</Text>
                        {rule.delay_seconds ? <Text size="xs" c="dimmed">after {rule.delay_seconds} s</Text> : null}
                      </Table.Td>
                      <Table.Td maw={240}><RuleState rule={rule} /></Table.Td>
                      <Table.Td miw={200}><ExecutionCounts counts={rule.executions} /></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
