import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { OnlineExecution } from '@crucible/client';
import { EmptyNotice, ErrorMessage } from '../../ui/QueryState';
import { formatTime } from '../../ui/format';
import { type ExecutionStatus, useOnlineExecutions } from './online-evaluations.queries';
import { EXECUTION_STATUSES, STATUS_COLORS } from './rule-parts';

const reasonText = (execution: OnlineExecution): string =>
  execution.reason ?? (execution.status === 'completed' ? 'scored' : execution.status === 'pending' ? 'waiting to run' : '—');

const FILTERS = [{ value: 'all', label: 'All' }, ...EXECUTION_STATUSES.map((status) => ({ value: status, label: status }))];

/** Every trace the rule saw, in the order it saw them: evaluated, waiting, failed or skipped, and why. */
export function ExecutionLog({ ruleId, appId }: { ruleId: string; appId: string }) {
  const [filter, setFilter] = useState<'all' | ExecutionStatus>('all');
  const executions = useOnlineExecutions(ruleId, filter === 'all' ? null : filter);
  const rows = executions.data?.pages.flatMap((page) => page.executions) ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Execution log">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={4}>Execution log</Title>
          <SegmentedControl size="xs" data={FILTERS} value={filter} onChange={(value) => setFilter(value as 'all' | ExecutionStatus)}
            aria-label="Show executions" style={{ maxWidth: '100%', overflowX: 'auto' }} />
        </Group>
        {executions.isError ? <ErrorMessage error={executions.error} title="Could not load the execution log" onRetry={() => void executions.refetch()} /> : null}
        {executions.isSuccess && rows.length === 0 ? (
          <EmptyNotice
            title={filter === 'all' ? 'No traces seen yet' : `No ${filter} executions`}
            description={filter === 'all'
              ? 'The rule sees the traces of its app that arrive from now on; run it over older ones with a backfill.'
              : 'Pick another state to see the rest of the log.'}
          />
        ) : null}
        {rows.length > 0 ? (
          <Table.ScrollContainer minWidth={320}>
            <Table aria-label="Executions" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Trace</Table.Th><Table.Th>State</Table.Th><Table.Th visibleFrom="sm">Why</Table.Th><Table.Th visibleFrom="sm">When</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((execution) => (
                  <Table.Tr key={execution.trace_id}>
                    <Table.Td maw={220}>
                      <Anchor component={Link} size="sm" to={`/apps/${appId}/traces?trace=${encodeURIComponent(execution.trace_id)}`}
                        style={{ overflowWrap: 'anywhere' }}>
                        {execution.trace_id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[execution.status]} variant="light" style={{ minWidth: 'max-content' }}>{execution.status}</Badge>
                      {/* On a phone the reason and time sit under the state instead of in columns of their own. */}
                      <Text size="xs" hiddenFrom="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>{reasonText(execution)}</Text>
                      <Text size="xs" c="dimmed" hiddenFrom="sm" title={execution.at}>{formatTime(execution.at)}</Text>
                    </Table.Td>
                    <Table.Td maw={360} visibleFrom="sm">
                      <Text size="sm" c={execution.reason ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>{reasonText(execution)}</Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm"><Text size="sm" title={execution.at}>{formatTime(execution.at)}</Text></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {executions.hasNextPage ? (
          <Group justify="center">
            <Button variant="light" loading={executions.isFetchingNextPage} onClick={() => void executions.fetchNextPage()}>Load more executions</Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
