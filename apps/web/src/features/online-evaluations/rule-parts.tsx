import { Badge, Group, Stack, Text } from '@mantine/core';
import type { OnlineEvaluation } from '@crucible/client';
import type { ExecutionStatus } from './online-evaluations.queries';

export const STATUS_COLORS: Record<ExecutionStatus, string> = { pending: 'blue', completed: 'green', error: 'red', skipped: 'gray' };
export const EXECUTION_STATUSES: ExecutionStatus[] = ['pending', 'completed', 'error', 'skipped'];

/** Active or paused, and why it is paused (who paused it, or that it paused itself and on which error). */
export function RuleState({ rule }: { rule: OnlineEvaluation }) {
  return (
    <Stack gap={2} miw={0}>
      <Group gap="xs"><Badge color={rule.active ? 'green' : 'orange'} variant="light" style={{ minWidth: 'max-content' }}>{rule.active ? 'active' : 'paused'}</Badge></Group>
      {rule.paused_reason ? <Text size="xs" c="dimmed" lineClamp={4} style={{ overflowWrap: 'anywhere' }} title={rule.paused_reason}>{rule.paused_reason}</Text> : null}
    </Stack>
  );
}

/** The traces the rule saw, per state of their execution. */
export function ExecutionCounts({ counts }: { counts: OnlineEvaluation['executions'] }) {
  return (
    <Group gap={6} wrap="wrap" role="list" aria-label="Executions per state">
      {EXECUTION_STATUSES.map((status) => (
        <Badge key={status} role="listitem" color={STATUS_COLORS[status]} variant={counts[status] ? 'light' : 'outline'} tt="none"
          style={{ minWidth: 'max-content' }}>
          {counts[status].toLocaleString()} {status}
        </Badge>
      ))}
    </Group>
  );
}
