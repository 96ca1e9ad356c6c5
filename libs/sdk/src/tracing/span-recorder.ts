import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Span, TokenUsage, Trace } from '@crucible/contracts';
import { RedactFunction, RedactionPolicy, redactValue } from './redaction';

export type SpanKind = Span['kind'];

export interface UsageRecord {
  model?: string;
  tokens?: Partial<TokenUsage>;
  /** USD. */
  cost?: number;
}

/** A span while it is open; its usage is its own, children add theirs when the trace is built. */
export class SpanNode {
  readonly spanId = randomUUID();
  readonly children: SpanNode[] = [];
  readonly startTime = new Date();
  private readonly startedAt = performance.now();
  endTime?: Date;
  latencyMs = 0;
  status: Span['status'] = 'ok';
  outputs?: unknown;
  error?: Span['error'];
  model?: string;
  readonly tokens: TokenUsage = { prompt: 0, completion: 0, total: 0 };
  cost = 0;
  hasUsage = false;

  constructor(
    readonly name: string,
    readonly kind: SpanKind,
    readonly parent: SpanNode | undefined,
    readonly inputs: unknown,
    readonly redact?: RedactFunction,
  ) {
    parent?.children.push(this);
  }

  addUsage(usage: UsageRecord): void {
    if (usage.model) this.model = usage.model;
    const prompt = usage.tokens?.prompt ?? 0;
    const completion = usage.tokens?.completion ?? 0;
    this.tokens.prompt += prompt;
    this.tokens.completion += completion;
    this.tokens.total += usage.tokens?.total ?? prompt + completion;
    this.cost += usage.cost ?? 0;
    this.hasUsage = true;
  }

  finish(outcome: { outputs: unknown } | { error: unknown }): void {
    this.endTime = new Date();
    this.latencyMs = Math.round((performance.now() - this.startedAt) * 1000) / 1000;
    if ('error' in outcome) {
      this.status = 'error';
      const error = outcome.error;
      this.error = error instanceof Error ? { message: error.message, stacktrace: error.stack } : { message: String(error) };
    } else {
      this.outputs = jsonSafe(outcome.outputs);
    }
  }
}

/** Snapshot now, so later mutation by the workflow does not rewrite history, and the trace is always serialisable. */
export function jsonSafe(value: unknown): unknown {
  if (value === undefined) return undefined;
  // Immutable and already JSON as it is: nothing to snapshot (most inputs and outputs are strings).
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
    return value;
  }
  try {
    return JSON.parse(jsonText(value));
  } catch {
    return String(value);
  }
}

/** JSON text of a value; a replacer (called for every key, so slow) only for values that hold a bigint. */
function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));
  }
}

interface Totals {
  tokens: TokenUsage;
  cost: number;
  hasUsage: boolean;
}

/**
 * Flattens the span tree into the wire trace. Each span reports its subtree's tokens and cost
 * (an llm span: its own call; a parent: the sum below it), so trace totals equal the root's.
 */
export function buildTrace(traceId: string, root: SpanNode, policy: Omit<RedactionPolicy, 'functions'> & { global?: RedactFunction }): Trace {
  const spans: Span[] = [];
  const visit = (node: SpanNode): Totals => {
    const index = spans.length;
    spans.push(undefined as unknown as Span); // keep start order: parent before its children
    const totals: Totals = { tokens: { ...node.tokens }, cost: node.cost, hasUsage: node.hasUsage };
    for (const child of node.children) {
      if (!child.endTime) continue; // still running when the workflow returned (fire-and-forget): not part of this trace
      const sub = visit(child);
      totals.tokens.prompt += sub.tokens.prompt;
      totals.tokens.completion += sub.tokens.completion;
      totals.tokens.total += sub.tokens.total;
      totals.cost += sub.cost;
      totals.hasUsage ||= sub.hasUsage;
    }
    const functions = [node.redact, policy.global].filter((fn): fn is RedactFunction => fn !== undefined);
    const redaction = { ...policy, functions };
    const span: Span = {
      span_id: node.spanId,
      parent_span_id: node.parent?.spanId ?? null,
      name: node.name,
      kind: node.kind,
      status: node.status,
      start_time: node.startTime.toISOString(),
      end_time: (node.endTime ?? new Date()).toISOString(),
      latency_ms: node.latencyMs,
      inputs: redactValue(node.name, 'inputs', node.inputs, redaction),
      outputs: node.status === 'ok' ? redactValue(node.name, 'outputs', node.outputs, redaction) : undefined,
    };
    if (node.error) span.error = node.error;
    if (node.model) span.model = node.model;
    if (totals.hasUsage) {
      span.tokens = totals.tokens;
      span.cost = totals.cost;
    }
    spans[index] = span;
    return totals;
  };
  const totals = visit(root);
  return {
    trace_id: traceId,
    latency_ms: root.latencyMs,
    cost: totals.cost,
    tokens: totals.tokens,
    spans,
  };
}
