import { createHash } from 'node:crypto';
import type { Result } from '../shared/result';
import type { StoredTrace } from '../traces/trace';
import type { Score } from './score';
import { type OnlineEvaluationRule, type OnlineExecutionStatus, isSampledIn } from './online-evaluation';

/** What a rule decided about a trace it saw: evaluate it (pending, due after the rule's delay) or skip it, saying why. */
export interface ExecutionDecision {
  status: Extract<OnlineExecutionStatus, 'pending' | 'skipped'>;
  reason: string | null;
}

export type TraceFacts = Pick<StoredTrace, 'traceId' | 'appId' | 'environment' | 'route' | 'status' | 'model'>;

/** The first condition of the rule the trace fails, in words, or null when it passes them all. */
function mismatch(rule: OnlineEvaluationRule, trace: TraceFacts): string | null {
  const checks: Array<[string, string | null | undefined, string | null]> = [
    ['environment', rule.environment, trace.environment],
    ['route', rule.filter.route, trace.route],
    ['status', rule.filter.status, trace.status],
    ['model', rule.filter.model, trace.model],
  ];
  for (const [name, wanted, actual] of checks) {
    if (wanted !== null && wanted !== undefined && wanted !== actual) return `filter did not match: ${name} is ${actual ?? 'not set'}, not ${wanted}`;
  }
  return null;
}

/** Paused first (a paused rule says so whatever the trace), then the filter, then the deterministic sample. */
export function decideExecution(rule: OnlineEvaluationRule, trace: TraceFacts): ExecutionDecision {
  if (!rule.active) return { status: 'skipped', reason: 'paused' };
  const unmatched = mismatch(rule, trace);
  if (unmatched) return { status: 'skipped', reason: unmatched };
  if (!isSampledIn(rule, trace.traceId)) return { status: 'skipped', reason: 'sampled out' };
  return { status: 'pending', reason: null };
}

/** The same rule and trace always name the same score, so a retried execution stores it once. */
export function onlineScoreId(ruleId: string, traceId: string): string {
  return `online-${createHash('sha256').update(`${ruleId}\u0000${traceId}`).digest('hex').slice(0, 32)}`;
}

/**
 * The score an evaluator's result makes, named after the rule's evaluator config: numbers numeric, booleans 1/0,
 * text as text; anything else (an object, an error) is no score and answers the reason in words.
 */
export function onlineScore(
  rule: OnlineEvaluationRule, configName: string, traceId: string, result: Result, now: Date,
): { score: Score } | { error: string } {
  if (result.type === 'error' || result.error) return { error: result.error?.message ?? 'the evaluator failed without a message' };
  const base = {
    id: onlineScoreId(rule.id, traceId), projectId: rule.projectId, traceId, spanId: null, name: configName, configId: null,
    comment: result.reasoning ?? null, source: 'online_evaluation' as const, authorId: rule.id, author: rule.name, createdAt: now,
  };
  const { value } = result;
  if (typeof value === 'boolean') return { score: { ...base, dataType: 'boolean', value: value ? 1 : 0, stringValue: String(value) } };
  if (typeof value === 'number' && Number.isFinite(value)) return { score: { ...base, dataType: 'numeric', value, stringValue: null } };
  if (typeof value === 'string') return { score: { ...base, dataType: 'text', value: null, stringValue: value } };
  return { error: `the evaluator answered a ${result.type} result, which is no score (${JSON.stringify(value)?.slice(0, 200) ?? 'nothing'})` };
}
