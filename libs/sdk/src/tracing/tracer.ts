import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Trace } from '@crucible/contracts';
import { sdkState } from '../init/sdk-state';
import { RedactFunction } from './redaction';
import { buildTrace, jsonSafe, SpanKind, SpanNode, UsageRecord } from './span-recorder';

const activeSpan = new AsyncLocalStorage<SpanNode>();
/** The id of each running trace, by its root span: drawn before the workflow runs so the workflow can hand it out. */
const traceIds = new WeakMap<SpanNode, string>();

export interface InstrumentOptions {
  /** Default 'task'. */
  kind?: SpanKind;
  /** Redaction for this span only; runs before the redact function given to init. */
  redact?: RedactFunction;
}

export type TracedOutcome<T> = { ok: true; value: T; trace: Trace } | { ok: false; error: unknown; trace: Trace };

/** Runs a workflow as the root span of a new trace; never throws, the outcome carries the error. */
export async function runTraced<T>(name: string, inputs: unknown, fn: () => T | Promise<T>): Promise<TracedOutcome<T>> {
  const root = new SpanNode(name, 'workflow', undefined, jsonSafe(inputs));
  const traceId = randomUUID();
  traceIds.set(root, traceId);
  let outcome: { ok: true; value: T } | { ok: false; error: unknown };
  try {
    const value = await activeSpan.run(root, fn);
    root.finish({ outputs: value });
    outcome = { ok: true, value };
  } catch (error) {
    root.finish({ error });
    outcome = { ok: false, error };
  }
  const state = sdkState();
  const trace = buildTrace(traceId, root, {
    global: state.redact,
    redactOnError: state.redactOnError,
    warn: state.logger.warn,
  });
  return { ...outcome, trace };
}

/**
 * The id of the trace the caller runs in (inside a route, or anything it calls), or undefined outside one. An app
 * hands it to its own UI, which later sends a person's thumbs up or down for it with `score({ traceId, ... })`.
 */
export function currentTraceId(): string | undefined {
  let node = activeSpan.getStore();
  while (node?.parent) node = node.parent;
  return node ? traceIds.get(node) : undefined;
}

/** Runs `fn` as a child span of the current one; outside a trace it just runs `fn`. */
export function withSpan<T>(name: string, inputs: unknown, fn: () => T, options: InstrumentOptions = {}): T {
  const parent = activeSpan.getStore();
  if (!parent) return fn();
  const node = new SpanNode(name, options.kind ?? 'task', parent, jsonSafe(inputs), options.redact);
  let result: T;
  try {
    result = activeSpan.run(node, fn);
  } catch (error) {
    node.finish({ error });
    throw error;
  }
  if (isPromiseLike(result)) {
    return Promise.resolve(result).then(
      (value) => {
        node.finish({ outputs: value });
        return value;
      },
      (error: unknown) => {
        node.finish({ error });
        throw error;
      },
    ) as T;
  }
  node.finish({ outputs: result });
  return result;
}

/**
 * Wraps `fn` so every call becomes a nested span (inputs: the single argument, or the argument list;
 * outputs: the result). Sync functions stay sync; async ones are awaited for timing and outputs.
 */
export function instrument<A extends unknown[], R>(
  name: string,
  fn: (...args: A) => R,
  options: InstrumentOptions = {},
): (...args: A) => R {
  return function instrumented(this: unknown, ...args: A): R {
    return withSpan(name, args.length === 1 ? args[0] : args, () => fn.apply(this, args), options);
  };
}

/** Adds model, tokens and cost to the current span (e.g. after calling an LLM client the SDK does not wrap). */
export function recordUsage(usage: UsageRecord): void {
  activeSpan.getStore()?.addUsage(usage);
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
