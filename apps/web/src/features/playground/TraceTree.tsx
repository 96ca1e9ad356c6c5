import { useState } from 'react';
import { Badge, Box, Code, Collapse, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Span, Trace } from '@crucible/contracts';
import { formatCost, formatMs } from '../../ui/format';

interface SpanNode { span: Span; children: SpanNode[] }

function buildTree(spans: Span[]): SpanNode[] {
  const nodes = new Map(spans.map((span) => [span.span_id, { span, children: [] as SpanNode[] }]));
  const roots: SpanNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.span.parent_span_id ? nodes.get(node.span.parent_span_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);
const wrapped = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

function SpanDetails({ span }: { span: Span }) {
  return (
    <Stack gap={6} pl="md" py={6}>
      {span.error ? (
        <Box>
          <Text size="xs" fw={600} c="red">Error</Text>
          <Code block color="red.1" style={wrapped}>{span.error.message}{span.error.stacktrace ? `\n\n${span.error.stacktrace}` : ''}</Code>
        </Box>
      ) : null}
      {span.inputs !== undefined ? <Box><Text size="xs" fw={600}>Inputs</Text><Code block style={wrapped}>{json(span.inputs)}</Code></Box> : null}
      {span.outputs !== undefined ? <Box><Text size="xs" fw={600}>Outputs</Text><Code block style={wrapped}>{json(span.outputs)}</Code></Box> : null}
    </Stack>
  );
}

function SpanRow({ node, depth }: { node: SpanNode; depth: number }) {
  const [open, setOpen] = useState(false);
  const { span } = node;
  return (
    <Box role="treeitem" aria-expanded={open} aria-label={span.name} aria-level={depth + 1}>
      <UnstyledButton onClick={() => setOpen(!open)} w="100%" py={4} px={6} style={{ borderRadius: 4 }} aria-label={`${open ? 'Collapse' : 'Expand'} ${span.name}`}>
        <Group gap={6} wrap="wrap" pl={depth * 16}>
          <Text size="sm" ff="monospace" w={12}>{open ? '▾' : '▸'}</Text>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{span.name}</Text>
          <Badge size="xs" variant="light" tt="none">{span.kind}</Badge>
          {span.status === 'error' ? <Badge size="xs" color="red" tt="none">error</Badge> : null}
          {span.model ? <Badge size="xs" variant="outline" tt="none">{span.model}</Badge> : null}
          <Text size="xs" c="dimmed">{formatMs(span.latency_ms)}</Text>
          {span.tokens ? <Text size="xs" c="dimmed">{span.tokens.total} tokens</Text> : null}
          {span.cost !== undefined ? <Text size="xs" c="dimmed">{formatCost(span.cost)}</Text> : null}
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} pl={depth * 16}>
        {open ? <SpanDetails span={span} /> : null}
      </Collapse>
      {node.children.length ? (
        <Box role="group">{node.children.map((child) => <SpanRow key={child.span.span_id} node={child} depth={depth + 1} />)}</Box>
      ) : null}
    </Box>
  );
}

/** The trace's spans as a tree; each span expands to its inputs, outputs and error. */
export function TraceTree({ trace }: { trace: Trace }) {
  return (
    <Box role="tree" aria-label="Trace">
      {buildTree(trace.spans).map((node) => <SpanRow key={node.span.span_id} node={node} depth={0} />)}
    </Box>
  );
}
