import type { FailureStreak, OnlineEvaluationRule, OnlineExecutionCounts, OnlineExecutionStatus, Score } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';

/** A pending execution a runner holds until its lease ends. */
export interface ClaimedExecution {
  projectId: string;
  ruleId: string;
  traceId: string;
}

/** How a claimed execution ended: its score, or why there is none. */
export type ExecutionOutcome = { claim: ClaimedExecution; score: Score } | { claim: ClaimedExecution; error: string };

/** One trace a rule saw, as its log shows it. */
export interface OnlineExecution {
  traceId: string;
  status: OnlineExecutionStatus;
  reason: string | null;
  scoreId: string | null;
  /** When it last changed. */
  at: Date;
}

/** Every read and write is scoped to one project, but for claiming, which serves every project's runner. */
export abstract class OnlineEvaluationRepository {
  abstract create(rule: OnlineEvaluationRule): Promise<void>;
  /** Oldest first. */
  abstract list(projectId: string, page: PageRequest): Promise<Page<OnlineEvaluationRule>>;
  abstract findById(projectId: string, id: string): Promise<OnlineEvaluationRule | null>;
  /** Pauses (saying why) or resumes (forgetting why it was paused); answers the rule as it now is, null when the project holds no such rule. */
  abstract setActive(projectId: string, id: string, active: boolean, pausedReason: string | null, now: Date): Promise<OnlineEvaluationRule | null>;
  /** The rule's errors since its latest completed execution, counting from `since` (when it was last resumed); null without any. */
  abstract failureStreak(projectId: string, ruleId: string, since: Date): Promise<FailureStreak | null>;
  /** Pauses an active rule with the reason; false when it was paused already (by someone, or another runner). */
  abstract pauseItself(projectId: string, ruleId: string, reason: string, now: Date): Promise<boolean>;
  /** For each of the rules named, its executions per state. */
  abstract counts(projectId: string, ruleIds: string[]): Promise<Map<string, OnlineExecutionCounts>>;
  /** Claims up to `limit` pending executions due at `now` whose claim, if any, lapsed; held until `leaseUntil`. */
  abstract claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedExecution[]>;
  /**
   * Ends a round's executions together: stores the scores (once: an id is fixed by rule and trace) and marks their
   * executions completed, the others failed with the reason in words. An execution already ended stays as it is.
   */
  abstract finish(outcomes: ExecutionOutcome[], now: Date): Promise<void>;
  /** The rule's log, oldest first, optionally of one state. */
  abstract executions(projectId: string, ruleId: string, status: OnlineExecutionStatus | undefined, page: PageRequest): Promise<Page<OnlineExecution>>;
  /** Logs the rule's decision on each trace of its app that started in [from, to) and it has not seen; answers how many. */
  abstract backfill(rule: OnlineEvaluationRule, from: Date, to: Date, now: Date): Promise<number>;
}
