import { createHash } from 'node:crypto';
import { DomainError } from '../shared/domain-error';
import type { InputRule } from '../shared/input-violation';

/** Which traces of its app a rule looks at, beyond the app and environment; every field named must match. */
export interface OnlineEvaluationFilter {
  route?: string;
  status?: 'ok' | 'error';
  model?: string;
}

/** An evaluator run on sampled live traces of one app, its results scores with `source: online_evaluation` (ARCHITECTURE §18). */
export interface OnlineEvaluationRule {
  id: string;
  projectId: string;
  name: string;
  evaluatorConfigId: string;
  appId: string;
  /** null: every environment of the app. */
  environment: string | null;
  filter: OnlineEvaluationFilter;
  /** 0–1: the share of matching traces evaluated, drawn deterministically from the rule and trace ids. */
  samplingRate: number;
  /** How long after a trace arrives it is evaluated (late spans, feedback). */
  delaySeconds: number;
  active: boolean;
  /** Why a paused rule is paused (by whom, or by itself after its evaluator failed on everything); null while active. */
  pausedReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The name of the API key that created it. */
  createdBy: string;
}

export type OnlineExecutionStatus = 'pending' | 'completed' | 'error' | 'skipped';
export const ONLINE_EXECUTION_STATUSES: readonly OnlineExecutionStatus[] = ['pending', 'completed', 'error', 'skipped'];

/** How many executions of a rule are in each state. */
export type OnlineExecutionCounts = Record<OnlineExecutionStatus, number>;

export const MAX_ONLINE_EVALUATION_NAME_LENGTH = 200;
/** A day: a longer wait is a backfill, not a delay. */
export const MAX_ONLINE_EVALUATION_DELAY_SECONDS = 86_400;

export interface NewOnlineEvaluation {
  name: string;
  evaluatorConfigId: string;
  appId: string;
  environment?: string | null;
  filter?: OnlineEvaluationFilter | null;
  samplingRate: number;
  delaySeconds?: number | null;
}

const refuse = (field: Array<string | number>, reason: string, rule: InputRule): DomainError =>
  DomainError.invalidInput([{ field, reason, rule }]);

/** Name 1–200 characters, a rate within 0–1, a delay of 0 to a day; whether the config and app exist is the use case's to check. */
export function checkedOnlineEvaluation(input: NewOnlineEvaluation): Pick<OnlineEvaluationRule,
  'name' | 'evaluatorConfigId' | 'appId' | 'environment' | 'filter' | 'samplingRate' | 'delaySeconds'> {
  const name = input.name.trim();
  if (name === '') throw refuse(['name'], 'must not be empty', 'text_too_short');
  if (name.length > MAX_ONLINE_EVALUATION_NAME_LENGTH) throw refuse(['name'], `must be at most ${MAX_ONLINE_EVALUATION_NAME_LENGTH} characters`, 'text_too_long');
  if (!Number.isFinite(input.samplingRate) || input.samplingRate < 0) throw refuse(['sampling_rate'], 'must be between 0 and 1', 'below_minimum');
  if (input.samplingRate > 1) throw refuse(['sampling_rate'], 'must be between 0 and 1 (1 evaluates every matching trace)', 'above_maximum');
  const delaySeconds = input.delaySeconds ?? 0;
  if (!Number.isInteger(delaySeconds) || delaySeconds < 0) throw refuse(['delay_seconds'], 'must be a whole number of seconds, 0 or more', 'below_minimum');
  if (delaySeconds > MAX_ONLINE_EVALUATION_DELAY_SECONDS) {
    throw refuse(['delay_seconds'], `must be at most ${MAX_ONLINE_EVALUATION_DELAY_SECONDS} (a day); use a backfill for older traces`, 'above_maximum');
  }
  const filter: OnlineEvaluationFilter = {};
  for (const key of ['route', 'model'] as const) {
    const value = input.filter?.[key]?.trim();
    if (value) filter[key] = value;
  }
  if (input.filter?.status) filter.status = input.filter.status;
  const environment = input.environment?.trim() || null;
  return { name, evaluatorConfigId: input.evaluatorConfigId, appId: input.appId, environment, filter, samplingRate: input.samplingRate, delaySeconds };
}

/**
 * A draw in [0, 1) fixed by the rule and the trace: the same trace is sampled in or out the same way on every
 * ingest, retry and runner, and two rules sample independently of each other.
 */
export function samplingDraw(ruleId: string, traceId: string): number {
  const digest = createHash('sha256').update(`${ruleId}\u0000${traceId}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

export const isSampledIn = (rule: Pick<OnlineEvaluationRule, 'id' | 'samplingRate'>, traceId: string): boolean =>
  samplingDraw(rule.id, traceId) < rule.samplingRate;

/** How long a rule's evaluator may fail on every execution before the rule pauses itself, unless configured otherwise. */
export const DEFAULT_SELF_PAUSE_SECONDS = 300;

/** The errors a rule's evaluator made since its last completed execution (or since it was last resumed). */
export interface FailureStreak {
  firstErrorAt: Date;
  lastErrorAt: Date;
  lastError: string;
}

/**
 * Why a rule pauses itself, or null while it need not: its evaluator failed on every execution for `afterMs`
 * (errors only, no completed one, the first error at least `afterMs` before the latest).
 */
export function selfPauseReason(streak: FailureStreak | null, afterMs: number, now: Date): string | null {
  if (!streak || streak.lastErrorAt.getTime() - streak.firstErrorAt.getTime() < afterMs) return null;
  const span = afterMs % 60_000 === 0 ? `${afterMs / 60_000} minute${afterMs === 60_000 ? '' : 's'}` : `${afterMs / 1000} seconds`;
  return `paused by itself at ${now.toISOString()}: every evaluation failed for ${span}; last error: ${streak.lastError}`;
}

export const manualPauseReason = (who: string, now: Date): string => `paused by ${who} at ${now.toISOString()}`;
