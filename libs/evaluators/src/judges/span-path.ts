import type { Trace } from '@crucible/contracts';
import { EvaluationFailure } from '../evaluator';
import { isPlainObject } from '../support/values';

const FIELDS = ['inputs', 'outputs', 'attributes'] as const;
type SpanField = (typeof FIELDS)[number];

export interface SpanPath {
  spanName: string;
  field: SpanField;
  /** Object keys, array indexes (digits) or `*` (every item of an array). */
  steps: string[];
}

/**
 * `<span name>.<inputs|outputs|attributes>[.<step>]…`, e.g. `retriever.outputs.documents.*.page_content`.
 * The span name is everything before the first `.inputs`, `.outputs` or `.attributes` (so it may hold dots itself);
 * a step is an object key, an array index, or `*` for every item of an array. Undefined when the text is no path.
 */
export function parseSpanPath(path: string): SpanPath | undefined {
  const parts = path.split('.');
  const at = parts.findIndex((part, index) => index > 0 && (FIELDS as readonly string[]).includes(part));
  if (at < 1) return undefined;
  const steps = parts.slice(at + 1);
  if (steps.some((step) => step === '')) return undefined;
  return { spanName: parts.slice(0, at).join('.'), field: parts[at] as SpanField, steps };
}

export const SPAN_PATH_PROBLEM =
  "must be '<span name>.<inputs|outputs|attributes>[.<key>|.<index>|.*]…', e.g. 'retriever.outputs.documents'";

/**
 * The values at `path` in every span of the trace named so, in the order they started; an array the path ends on
 * (or a `*` step) gives its items one by one.
 */
export function valuesAtSpanPath(trace: Trace | null | undefined, path: string): unknown[] {
  const parsed = parseSpanPath(path);
  if (!parsed) throw new EvaluationFailure(`The span path '${path}' ${SPAN_PATH_PROBLEM}`);
  if (!trace || trace.spans.length === 0) {
    throw new EvaluationFailure(`The span path '${path}' needs the invocation's trace, and this row's invocation recorded none`);
  }
  const spans = trace.spans.filter((span) => span.name === parsed.spanName).sort((a, b) => a.start_time.localeCompare(b.start_time));
  if (spans.length === 0) {
    const names = [...new Set(trace.spans.map((span) => span.name))].slice(0, 20).join(', ');
    throw new EvaluationFailure(`The trace has no span named '${parsed.spanName}' (its spans: ${names})`);
  }
  const found = spans.flatMap((span) => walk(span[parsed.field], parsed.steps));
  if (found.length === 0) throw new EvaluationFailure(`The span '${parsed.spanName}' has nothing at '${path}'`);
  return found.flatMap((value) => (Array.isArray(value) ? value : [value]));
}

function walk(value: unknown, steps: string[]): unknown[] {
  if (value === undefined || value === null) return [];
  if (steps.length === 0) return [value];
  const [step, ...rest] = steps;
  if (step === '*') return Array.isArray(value) ? value.flatMap((item) => walk(item, rest)) : [];
  if (Array.isArray(value)) return /^\d+$/.test(step) ? walk(value[Number(step)], rest) : [];
  return isPlainObject(value) && Object.hasOwn(value, step) ? walk(value[step], rest) : [];
}
