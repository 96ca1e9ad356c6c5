import { Anchor, Badge, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { Score, TraceSummary } from '@crucible/client';
import { useAppId } from '../app/AppLayout';
import { QueryState } from '../../ui/QueryState';
import { formatCost, formatMs, formatTime } from '../../ui/format';
import { previewText } from '../traces/trace-preview';
import { scoreValueText } from '../scores/ScoreList';
import { SESSION_TURNS_SHOWN, useSessionScores, useSessionTurns } from './sessions.queries';

/** What a person said or was told: a lone input's value alone, several as `name: value` lines, anything else as the list shows it. */
function turnText(preview: string | null, truncated: boolean): string {
  if (preview !== null && !truncated) {
    try {
      const value: unknown = JSON.parse(preview);
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const entries = Object.entries(value);
        if (entries.length > 0 && entries.every(([, inner]) => typeof inner === 'string')) {
          return entries.length === 1 ? String(entries[0]![1]) : entries.map(([name, inner]) => `${name}: ${String(inner)}`).join('\n');
        }
      }
    } catch {
      // not JSON: shown as the list shows it
    }
  }
  return previewText(preview, truncated);
}

function Turn({ appId, turn, index, scores }: { appId: string; turn: TraceSummary; index: number; scores: Score[] }) {
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Turn ${index + 1}`}>
      <Group justify="space-between" gap="xs" wrap="wrap" mb="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm">Turn {index + 1}</Text>
          <Text size="xs" c="dimmed">{formatTime(turn.start_time)}</Text>
          {turn.user_id ? <Badge variant="light" tt="none" maw={200} style={{ overflow: 'hidden' }}>{turn.user_id}</Badge> : null}
          {turn.status === 'error' ? <Badge color="red" tt="none">error</Badge> : null}
        </Group>
        <Text size="xs" c="dimmed">
          {formatMs(turn.latency_ms)} · {turn.tokens.total.toLocaleString()} tokens · {formatCost(turn.cost)}
        </Text>
      </Group>
      <Stack gap={6}>
        <Paper bg="var(--mantine-color-default-hover)" p="xs" radius="sm" maw="85%">
          <Text size="xs" c="dimmed">Input</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{turnText(turn.inputs_preview, turn.inputs_truncated)}</Text>
        </Paper>
        <Paper bg="var(--mantine-primary-color-light)" p="xs" radius="sm" maw="85%" ml="auto">
          <Text size="xs" c="dimmed">Output</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {turn.error ? turn.error.message : turnText(turn.output_preview, turn.output_truncated)}
          </Text>
        </Paper>
      </Stack>
      {scores.length > 0 ? (
        <Group gap={6} wrap="wrap" mt="xs" aria-label={`Scores of turn ${index + 1}`}>
          {scores.map((score) => (
            <Badge key={score.id} variant="outline" tt="none" maw="100%" style={{ overflow: 'hidden' }} title={score.comment ?? undefined}>
              {score.name}: {scoreValueText(score)}
            </Badge>
          ))}
        </Group>
      ) : null}
      <Anchor component={Link} to={`/apps/${appId}/traces?trace=${encodeURIComponent(turn.trace_id)}`} size="xs" mt="xs">Open the trace</Anchor>
    </Card>
  );
}

/** A session read as a conversation: each turn's input and output with its latency, tokens, cost and scores, oldest first. */
export function SessionPage() {
  const appId = useAppId();
  const sessionId = useParams().sessionId ?? '';
  const turns = useSessionTurns(sessionId);
  const scores = useSessionScores(sessionId);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/apps/${appId}/sessions`} size="sm">All sessions of this app</Anchor>
      <Title order={3} style={{ overflowWrap: 'anywhere' }}>Session {sessionId}</Title>
      <QueryState query={turns} label="the session" empty={{ title: 'No traces in this session', description: 'Its traces may have expired (CRUCIBLE_TRACE_RETENTION_DAYS).' }}>
        {(list) => {
          const tokens = list.reduce((sum, turn) => sum + turn.tokens.total, 0);
          const cost = list.reduce((sum, turn) => sum + turn.cost, 0);
          const latency = list.reduce((sum, turn) => sum + turn.latency_ms, 0);
          return (
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {list.length} turns{list.length === SESSION_TURNS_SHOWN ? ' (the latest)' : ''} · {formatMs(latency)} in all · {tokens.toLocaleString()} tokens · {formatCost(cost)}
              </Text>
              {list.map((turn, index) => <Turn key={turn.trace_id} appId={appId} turn={turn} index={index} scores={scores.data?.get(turn.trace_id) ?? []} />)}
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}
