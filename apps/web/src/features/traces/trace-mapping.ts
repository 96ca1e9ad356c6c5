import type { TraceSummary } from '@crucible/client';

/** One column of the new rows and what it reads of each trace: `inputs.<name>`, `output` or `attributes.<name>`. */
export interface ColumnMapping {
  column: string;
  source: string;
}

/** Every row made from a trace gets this column, with the trace's id (the api adds it). */
export const TRACE_ID_COLUMN = 'trace_id';

/** The input names the selected traces show in their previews (a cut-off preview names none). */
export function inputNamesOf(traces: TraceSummary[]): string[] {
  const names = new Set<string>();
  for (const trace of traces) {
    if (trace.inputs_preview === null || trace.inputs_truncated) continue;
    try {
      const inputs: unknown = JSON.parse(trace.inputs_preview);
      if (inputs && typeof inputs === 'object' && !Array.isArray(inputs)) for (const name of Object.keys(inputs)) names.add(name);
    } catch {
      // not JSON: no names
    }
  }
  return [...names];
}

/** A guess to start from: a test set's columns (or else each input, and the output as `correct_answer`), read from the traces. */
export function suggestedMapping(inputNames: string[], columns: string[] | null): ColumnMapping[] {
  const sourceOf = (column: string) => (inputNames.includes(column) ? `inputs.${column}` : column === 'correct_answer' ? 'output' : '');
  if (columns) return columns.filter((column) => column !== TRACE_ID_COLUMN).map((column) => ({ column, source: sourceOf(column) }));
  return [...inputNames.map((name) => ({ column: name, source: `inputs.${name}` })), { column: 'correct_answer', source: 'output' }];
}
