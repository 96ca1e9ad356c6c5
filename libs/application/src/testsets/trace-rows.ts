import {
  DomainError, type StoredSpan, type TestsetRow, type TraceRowSource, checkTraceMapping, rowFromTrace,
} from '@crucible/domain';
import { TraceRepository } from '../traces/ports';

/** What `POST /testsets/{id}/rows/from-traces` and `POST /testsets/from-traces` both take. */
export interface TraceRowsInput {
  traceIds: string[];
  mapping: Record<string, string>;
}

/** A root's attributes are read from its trace's first page of spans: a root starts first, so it is on that page. */
const SPANS_READ_FOR_ROOT = 100;

function rootOf(spans: StoredSpan[]): StoredSpan | undefined {
  const ids = new Set(spans.map((span) => span.spanId));
  return spans.find((span) => !span.parentSpanId || !ids.has(span.parentSpanId)) ?? spans[0];
}

/**
 * The rows the traces make under the mapping, one per trace in the order given (an id given twice counts once): 422
 * naming each bad column of the mapping, 404 naming the first trace the project does not have.
 */
export async function rowsFromTraces(traces: TraceRepository, projectId: string, input: TraceRowsInput): Promise<{ columns: string[]; rows: TestsetRow[] }> {
  const check = checkTraceMapping(input.mapping);
  if (!check.ok) throw DomainError.invalidInput(check.violations);
  const needsAttributes = check.columns.some(({ path }) => path.from === 'attributes');
  const rows: TestsetRow[] = [];
  for (const traceId of [...new Set(input.traceIds)]) {
    const found = await traces.findById(projectId, traceId, { limit: needsAttributes ? SPANS_READ_FOR_ROOT : 1, after: null });
    if (!found) throw DomainError.notFound('trace', traceId);
    const source: TraceRowSource = {
      traceId, inputs: found.trace.inputs, output: found.trace.output, rootAttributes: needsAttributes ? rootOf(found.spans)?.attributes ?? null : null,
    };
    rows.push(rowFromTrace(source, check.columns));
  }
  return { columns: check.columns.map(({ column }) => column), rows };
}
