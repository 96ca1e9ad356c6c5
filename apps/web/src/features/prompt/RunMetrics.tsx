import { Group, Stack } from '@mantine/core';
import { formatCost, formatMs } from '../../ui/format';
import { Metric } from '../../ui/Metric';
import { TraceTree } from '../playground/TraceTree';
import { findTimeToFirstToken } from './prompt-errors';
import type { StreamedRun } from './use-streamed-run';

/** Time to first token (the trace's, else as this browser saw it), latency, tokens and cost of a streamed run, and its spans. */
export function RunMetrics({ run }: { run: StreamedRun }) {
  const trace = run.result?.trace;
  const ttft = findTimeToFirstToken(trace) ?? run.firstDeltaMs;
  if (!trace && ttft === undefined) return null;
  return (
    <Stack gap="sm">
      <Group gap="xl" wrap="wrap" role="group" aria-label="Run figures">
        {ttft !== undefined ? <Metric label="Time to first token" value={formatMs(ttft)} /> : null}
        {trace ? (
          <>
            <Metric label="Latency" value={formatMs(trace.latency_ms)} />
            <Metric label="Tokens" value={`${trace.tokens.total} (${trace.tokens.prompt} in, ${trace.tokens.completion} out)`} />
            <Metric label="Cost" value={formatCost(trace.cost)} />
          </>
        ) : null}
      </Group>
      {trace ? <TraceTree trace={trace} /> : null}
    </Stack>
  );
}

/** The run's answer as text: the streamed text, or the final output when it is not text (a tool call, JSON). */
export function answerText(run: StreamedRun): string {
  const data = run.result?.data;
  if (run.status === 'done' && data !== undefined) return typeof data === 'string' ? data : JSON.stringify(data, null, 2);
  return run.text || (run.toolCallParts.length ? JSON.stringify(run.toolCallParts, null, 2) : '');
}
