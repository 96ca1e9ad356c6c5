import { randomUUID } from 'node:crypto';
import { MAX_TRACE_LATENCY_MS, type Trace, type TraceRecord, traceRecordSchema } from '@crucible/contracts';
import { type TraceWithSpans, isBuiltinUri } from '@crucible/domain';
import { traceFromRecord } from '../../traces/sdk-trace-records';
import type { DeployedConfig } from './deployed-config-cache';

export interface GatewayCallFacts {
  config: DeployedConfig;
  inputs: Record<string, unknown>;
  startedAt: number;
  latencyMs: number;
  output?: unknown;
  error?: { message: string; stacktrace?: string };
  /** The workflow's own trace (a builtin's, or what a service answered); one root span is made without it. */
  trace: Trace | null;
}

/**
 * One gateway call as a stored trace: the workflow's spans (model, tokens, cost) under where it ran (app, variant,
 * revision, environment). A failed call is a trace too, marked error with its message.
 */
export function gatewayTrace(projectId: string, facts: GatewayCallFacts): TraceWithSpans {
  const { config } = facts;
  const where = {
    app_id: config.appId, variant_id: config.variantId, variant_revision_id: config.variantRevisionId,
    environment: config.environment, inputs: facts.inputs, output: facts.output ?? null,
  };
  const record: TraceRecord = facts.trace && facts.trace.spans.length > 0
    ? ownTrace(facts.trace, where, isBuiltinUri(config.invocationUrl)) ?? rootOnly(facts, where)
    : rootOnly(facts, where);
  return traceFromRecord(projectId, markFailed(record, facts.error));
}

/** A built-in workflow's trace is ours, built to the contract; a service's is checked like any trace sent to us. */
function ownTrace(trace: Trace, where: Partial<TraceRecord>, builtin: boolean): TraceRecord | null {
  if (builtin) return { ...trace, ...where } as TraceRecord;
  const checked = traceRecordSchema.safeParse({ ...trace, ...where });
  return checked.success ? checked.data : null;
}

function rootOnly(facts: GatewayCallFacts, where: Partial<TraceRecord>): TraceRecord {
  const latency = Math.min(Math.max(0, facts.latencyMs), MAX_TRACE_LATENCY_MS);
  const start = new Date(facts.startedAt);
  return {
    trace_id: facts.trace?.trace_id && facts.trace.trace_id.length <= 128 ? facts.trace.trace_id : randomUUID(),
    latency_ms: latency,
    cost: facts.trace?.cost ?? 0,
    tokens: facts.trace?.tokens ?? { prompt: 0, completion: 0, total: 0 },
    spans: [{
      span_id: randomUUID(), parent_span_id: null, name: 'gateway', kind: 'workflow', status: facts.error ? 'error' : 'ok',
      start_time: start.toISOString(), end_time: new Date(facts.startedAt + latency).toISOString(), latency_ms: latency,
      inputs: facts.inputs, ...(facts.error ? { error: facts.error } : { outputs: facts.output }),
    }],
    ...where,
  };
}

/** A workflow trace that did not record the failure the caller saw (a stream cut after its spans) says it at its root. */
function markFailed(record: TraceRecord, error: GatewayCallFacts['error']): TraceRecord {
  if (!error) return record;
  const spans = record.spans.map((span) => (span.parent_span_id === null && span.status === 'ok' ? { ...span, status: 'error' as const, error } : span));
  return { ...record, spans };
}
