import { useState } from 'react';
import { Box, Collapse, UnstyledButton } from '@mantine/core';
import { SpanDetails, SpanHeadline } from '../../ui/SpanDetails';
import type { TraceDetail, TraceSpan } from '@crucible/client';

interface Row { span: TraceSpan; depth: number }

const byStart = (a: TraceSpan, b: TraceSpan) => Date.parse(a.start_time) - Date.parse(b.start_time);

/** Depth-first, parents before children, children in start order: the order a waterfall reads. A chain may be thousands deep: no recursion. */
function flatten(spans: TraceSpan[]): Row[] {
  const rows: Row[] = [];
  const pending: Row[] = [...spans].sort(byStart).reverse().map((span) => ({ span, depth: 0 }));
  while (pending.length > 0) {
    const row = pending.pop()!;
    rows.push(row);
    const children = [...row.span.children].sort(byStart).reverse();
    for (const span of children) pending.push({ span, depth: row.depth + 1 });
  }
  return rows;
}

function WaterfallRow({ row, traceStart, totalMs }: { row: Row; traceStart: number; totalMs: number }) {
  const [open, setOpen] = useState(false);
  const { span, depth } = row;
  const offset = totalMs > 0 ? ((Date.parse(span.start_time) - traceStart) / totalMs) * 100 : 0;
  const width = totalMs > 0 ? (span.latency_ms / totalMs) * 100 : 100;
  const left = Math.min(Math.max(offset, 0), 99.5);
  return (
    <Box role="treeitem" aria-level={depth + 1} aria-expanded={open} aria-label={span.name}>
      <UnstyledButton onClick={() => setOpen(!open)} w="100%" py={4} aria-label={`${open ? 'Collapse' : 'Expand'} ${span.name}`}>
        <SpanHeadline span={span} open={open} indent={depth * 14} />
        <Box pos="relative" h={6} mt={4} ml={depth * 14} bg="gray.1" style={{ borderRadius: 3 }} aria-hidden>
          <Box
            pos="absolute" top={0} h={6} bg={span.status === 'error' ? 'red.6' : 'blue.6'}
            style={{ left: `${left}%`, width: `${Math.max(Math.min(width, 100 - left), 0.5)}%`, borderRadius: 3 }}
          />
        </Box>
      </UnstyledButton>
      <Collapse expanded={open} pl={depth * 14}>{open ? <SpanDetails span={span} /> : null}</Collapse>
    </Box>
  );
}

/** The trace's spans as a tree with timing bars on one time axis (the trace's start to its end). */
export function TraceWaterfall({ trace }: { trace: TraceDetail }) {
  const rows = flatten(trace.spans);
  const traceStart = Math.min(...rows.map((row) => Date.parse(row.span.start_time)));
  const traceEnd = Math.max(...rows.map((row) => Date.parse(row.span.start_time) + row.span.latency_ms));
  return (
    <Box role="tree" aria-label="Spans">
      {rows.map((row) => <WaterfallRow key={row.span.span_id} row={row} traceStart={traceStart} totalMs={traceEnd - traceStart} />)}
    </Box>
  );
}
