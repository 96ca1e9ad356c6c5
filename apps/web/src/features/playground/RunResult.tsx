import { Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { PlaygroundRunResponse } from '@crucible/contracts';
import { formatCost, formatMs } from '../../ui/format';
import { Metric } from '../../ui/Metric';
import { TraceTree } from './TraceTree';

/** The workflow's output, its latency, tokens and cost, and the span tree. */
export function RunResult({ result, title = 'Output' }: { result: PlaygroundRunResponse; title?: string }) {
  const { data, trace } = result;
  return (
    <Paper withBorder p="md" role="region" aria-label={title}>
      <Stack gap="sm">
        <Text fw={600}>{title}</Text>
        {typeof data === 'string'
          ? <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="output">{data}</Text>
          : <Code block data-testid="output" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{JSON.stringify(data, null, 2)}</Code>}
        {trace ? (
          <>
            <Group gap="xl">
              <Metric label="Latency" value={formatMs(trace.latency_ms)} />
              <Metric label="Tokens" value={`${trace.tokens.total} (${trace.tokens.prompt} in, ${trace.tokens.completion} out)`} />
              <Metric label="Cost" value={formatCost(trace.cost)} />
            </Group>
            <TraceTree trace={trace} />
          </>
        ) : <Text size="sm" c="dimmed">The service sent no trace.</Text>}
      </Stack>
    </Paper>
  );
}
