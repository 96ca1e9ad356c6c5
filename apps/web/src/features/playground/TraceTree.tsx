import { useState } from 'react';
import { Box, Collapse, UnstyledButton } from '@mantine/core';
import type { Span, Trace } from '@crucible/contracts';
import { SpanDetails, SpanHeadline } from '../../ui/SpanDetails';

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

function SpanRow({ node, depth }: { node: SpanNode; depth: number }) {
  const [open, setOpen] = useState(false);
  const { span } = node;
  return (
    <Box role="treeitem" aria-expanded={open} aria-label={span.name} aria-level={depth + 1}>
      <UnstyledButton onClick={() => setOpen(!open)} w="100%" py={4} px={6} style={{ borderRadius: 4 }} aria-label={`${open ? 'Collapse' : 'Expand'} ${span.name}`}>
        <SpanHeadline span={span} open={open} indent={depth * 16} />
      </UnstyledButton>
      <Collapse expanded={open} pl={depth * 16}>
        {open ? <SpanDetails span={span} indent="md" /> : null}
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
