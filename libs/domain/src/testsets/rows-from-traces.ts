import type { InputViolation } from '../shared/input-violation';
import type { TestsetRow, TestsetValue } from './testset';

/**
 * Test-set rows made from traces (ARCHITECTURE §18): each column takes one value of a trace, named as
 * `inputs.<name>` (the trace's inputs), `output` or `attributes.<name>` (its root span's attributes).
 */
export type TraceValuePath = { from: 'inputs'; name: string } | { from: 'output' } | { from: 'attributes'; name: string };

/** Every row made from a trace carries the trace it came from in this column, so a row can be traced back. */
export const TRACE_ID_COLUMN = 'trace_id';

export interface TraceRowSource {
  traceId: string;
  inputs: unknown;
  output: unknown;
  /** The root span's attributes; null when it has none. */
  rootAttributes: Record<string, unknown> | null;
}

function pathOf(text: string): TraceValuePath | null {
  if (text === 'output') return { from: 'output' };
  const match = /^(inputs|attributes)\.(.+)$/.exec(text);
  return match ? { from: match[1] as 'inputs' | 'attributes', name: match[2]! } : null;
}

/** The mapping's columns in order with what each reads, or what is wrong with it (each problem under `mapping.<column>`). */
export function checkTraceMapping(mapping: Record<string, string>):
  | { ok: true; columns: Array<{ column: string; path: TraceValuePath }> }
  | { ok: false; violations: InputViolation[] } {
  const violations: InputViolation[] = [];
  const columns: Array<{ column: string; path: TraceValuePath }> = [];
  if (Object.keys(mapping).length === 0) {
    violations.push({ field: ['mapping'], reason: 'name at least one column, as {"<column>": "inputs.<name>" | "output" | "attributes.<name>"}', rule: 'too_few_items' });
  }
  for (const [column, text] of Object.entries(mapping)) {
    if (column === TRACE_ID_COLUMN) {
      violations.push({ field: ['mapping', column], reason: `"${TRACE_ID_COLUMN}" is the column every row gets with the id of its trace`, rule: 'invalid_value' });
      continue;
    }
    const path = pathOf(text);
    if (!path) violations.push({ field: ['mapping', column], reason: `"${text}" is not "inputs.<name>", "output" or "attributes.<name>"`, rule: 'invalid_value' });
    else columns.push({ column, path });
  }
  return violations.length > 0 ? { ok: false, violations } : { ok: true, columns };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A cell holds a scalar: an object or list is kept as its JSON text; a value the trace lacks is null. */
function cellOf(value: unknown): TestsetValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  return JSON.stringify(value);
}

function valueAt(source: TraceRowSource, path: TraceValuePath): unknown {
  if (path.from === 'output') return source.output;
  const holder = path.from === 'inputs' ? source.inputs : source.rootAttributes;
  return isRecord(holder) ? holder[path.name] : undefined;
}

/** One row: the mapped columns in the mapping's order, then the trace's id. */
export function rowFromTrace(source: TraceRowSource, columns: Array<{ column: string; path: TraceValuePath }>): TestsetRow {
  const row: TestsetRow = {};
  for (const { column, path } of columns) row[column] = cellOf(valueAt(source, path));
  row[TRACE_ID_COLUMN] = source.traceId;
  return row;
}
