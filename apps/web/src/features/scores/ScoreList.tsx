import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Score } from '@crucible/client';
import { formatTime } from '../../ui/format';

/** A score's value as a person reads it: a category by its label, a boolean as yes or no, text as itself. */
export function scoreValueText(score: Score): string {
  switch (score.data_type) {
    case 'categorical': return `${score.string_value ?? ''} (${score.value ?? ''})`;
    case 'boolean': return score.value === 1 ? 'yes' : 'no';
    case 'text': return score.string_value ?? '';
    default: return score.value === null ? '—' : String(Number(score.value.toPrecision(6)));
  }
}

const SOURCE_LABELS: Record<Score['source'], string> = {
  api: 'api', sdk: 'SDK', annotation: 'annotation', online_evaluation: 'online evaluation',
};

/** A trace's scores (ARCHITECTURE §18): name and value first, then who gave it, from where, and on which span. */
export function ScoreList({ scores, spanNames }: { scores: Score[]; spanNames: Map<string, string> }) {
  if (scores.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No scores yet. Score this trace with POST /scores, the SDK&apos;s score(&#123; traceId &#125;), or an annotation queue.
      </Text>
    );
  }
  return (
    <Stack gap="xs" role="list" aria-label="Scores">
      {scores.map((score) => (
        <Paper key={score.id} withBorder p="xs" role="listitem" aria-label={`${score.name}: ${scoreValueText(score)}`}>
          <Group gap="xs" wrap="wrap" justify="space-between">
            <Group gap="xs" wrap="wrap" miw={0}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>{score.name}</Text>
              {score.data_type === 'text' ? null : <Badge variant="light" tt="none">{scoreValueText(score)}</Badge>}
            </Group>
            <Text size="xs" c="dimmed" title={score.created_at}>{formatTime(score.created_at)}</Text>
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {SOURCE_LABELS[score.source]}
            {score.online_evaluation_id ? (
              <> · rule <Anchor component={Link} to={`/online-evaluations/${score.online_evaluation_id}`} inherit>{score.author ?? score.online_evaluation_id}</Anchor></>
            ) : score.author ? ` · ${score.author}` : ''}
            {score.span_id ? ` · span ${spanNames.get(score.span_id) ?? score.span_id}` : ''}
          </Text>
          {score.data_type === 'text' ? <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{score.string_value}</Text> : null}
          {score.comment ? <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{score.comment}</Text> : null}
        </Paper>
      ))}
    </Stack>
  );
}
