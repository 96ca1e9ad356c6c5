import { Badge, Box, Code, Group, Stack, Text } from '@mantine/core';
import { formatCost, formatMs } from './format';

const json = (value: unknown) => JSON.stringify(value, null, 2);
const wrapped = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;
const present = (value: unknown) => value !== undefined && value !== null;

export interface SpanContent {
  error?: { message: string; stacktrace?: string } | null;
  inputs?: unknown;
  outputs?: unknown;
  attributes?: Record<string, unknown> | null;
}

/** What an expanded span shows, in the playground's trace tree and the Traces waterfall alike. */
export function SpanDetails({ span, indent = 0 }: { span: SpanContent; indent?: number | string }) {
  return (
    <Stack gap={6} pl={indent} py={6}>
      {span.error ? (
        <Box>
          <Text size="xs" fw={600} c="red">Error</Text>
          <Code block color="red.1" style={wrapped}>{span.error.message}{span.error.stacktrace ? `\n\n${span.error.stacktrace}` : ''}</Code>
        </Box>
      ) : null}
      {present(span.inputs) ? <Box><Text size="xs" fw={600}>Inputs</Text><Code block style={wrapped}>{json(span.inputs)}</Code></Box> : null}
      {present(span.outputs) ? <Box><Text size="xs" fw={600}>Outputs</Text><Code block style={wrapped}>{json(span.outputs)}</Code></Box> : null}
      {span.attributes && Object.keys(span.attributes).length > 0 ? (
        <Box><Text size="xs" fw={600}>Attributes</Text><Code block style={wrapped}>{json(span.attributes)}</Code></Box>
      ) : null}
    </Stack>
  );
}

export interface SpanHeadlineContent {
  name: string;
  kind: string;
  status: string;
  model?: string | null;
  latency_ms: number;
  tokens?: { total: number } | null;
  cost?: number | null;
}

/** A span's one-line summary: open/closed marker, name, kind, error, model, latency, tokens, cost. */
export function SpanHeadline({ span, open, indent }: { span: SpanHeadlineContent; open: boolean; indent: number }) {
  return (
    <Group gap={6} wrap="wrap" pl={indent}>
      <Text size="sm" ff="monospace" w={12}>{open ? '▾' : '▸'}</Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{span.name}</Text>
      <Badge size="xs" variant="light" tt="none">{span.kind}</Badge>
      {span.status === 'error' ? <Badge size="xs" color="red" tt="none">error</Badge> : null}
      {span.model ? <Badge size="xs" variant="outline" tt="none">{span.model}</Badge> : null}
      <Text size="xs" c="dimmed">{formatMs(span.latency_ms)}</Text>
      {span.tokens ? <Text size="xs" c="dimmed">{span.tokens.total} tokens</Text> : null}
      {typeof span.cost === 'number' ? <Text size="xs" c="dimmed">{formatCost(span.cost)}</Text> : null}
    </Group>
  );
}
