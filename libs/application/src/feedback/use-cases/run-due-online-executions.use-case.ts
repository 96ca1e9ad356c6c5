import { Injectable } from '@nestjs/common';
import { type Score, onlineScore, selfPauseReason } from '@crucible/domain';
import { EvaluatorService } from '../../evaluators/ports/evaluator-service.port';
import { EvaluatorConfigRepository } from '../../evaluators/ports/evaluator-config-repository.port';
import { TraceRepository } from '../../traces/ports/trace.repository.port';
import { type ClaimedExecution, OnlineEvaluationRepository, OnlineEvaluationSettings } from '../ports';
import { evaluatedTrace } from '../evaluated-trace';
import { OutcomeWriter, RoundLookups, eachAtMost } from '../online-round';

/** How long a runner holds a claimed execution by default (CRUCIBLE_ONLINE_EVALUATION_LEASE_SECONDS); one whose runner died is claimed again after it. */
export const ONLINE_EXECUTION_LEASE_MS = 5 * 60 * 1000;
/** Executions claimed per round: their outcomes are written together, so a round costs a few statements, not a few per trace. */
export const ONLINE_EXECUTIONS_PER_ROUND = 100;
/** Evaluations a round runs at once: a judge waiting on its provider, or a trace being read, does not hold up the others. */
export const ONLINE_EVALUATIONS_AT_ONCE = 8;
/**
 * A round's outcomes are written together, or every second while it lasts (slow evaluators): a runner killed mid-round
 * leaves its successor to run again only what it evaluated in its last second and what was in flight.
 */
export const ONLINE_OUTCOMES_WRITTEN_EVERY_MS = 1000;

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : { input: value };

/**
 * Runs the online evaluations that are due (ARCHITECTURE §18, §13): claims them under a lease, runs each rule's
 * evaluator on the trace's inputs, output and spans, and stores the score (`source: online_evaluation`, its id fixed by
 * rule and trace, so a retried claim stores it once) or the evaluator's error in the execution log. A rule whose
 * evaluator failed on every execution for the settings' while pauses itself and says why.
 */
@Injectable()
export class RunDueOnlineExecutionsUseCase {
  constructor(
    private readonly rules: OnlineEvaluationRepository,
    private readonly configs: EvaluatorConfigRepository,
    private readonly traces: TraceRepository,
    private readonly evaluators: EvaluatorService,
    private readonly settings: OnlineEvaluationSettings,
  ) {}

  /** One round; answers how many executions it ran (0: none was due). */
  async execute(now = new Date(), leaseMs = ONLINE_EXECUTION_LEASE_MS): Promise<number> {
    const claims = await this.rules.claimDue(now, new Date(now.getTime() + leaseMs), ONLINE_EXECUTIONS_PER_ROUND);
    if (claims.length === 0) return 0;
    const lookups = new RoundLookups(claims, this.rules, this.configs, this.traces);
    const outcomes = new OutcomeWriter(this.rules, ONLINE_OUTCOMES_WRITTEN_EVERY_MS);
    // Each rule that failed this round is looked at once, after its outcomes are written: a round lasts far less than the window.
    const failed = new Map<string, ClaimedExecution>();
    try {
      await eachAtMost(claims, ONLINE_EVALUATIONS_AT_ONCE, async (claim) => {
        const outcome = await this.run(claim, lookups);
        if ('error' in outcome) failed.set(claim.ruleId, claim);
        await outcomes.add('score' in outcome ? { claim, score: outcome.score } : { claim, error: outcome.error });
      });
    } finally {
      // What ended before a failure (the database gone, say) is kept; the rest is claimed again once its lease lapses.
      await outcomes.flush();
    }
    for (const claim of failed.values()) await this.pauseIfFailing(claim);
    return claims.length;
  }

  /** Pauses the rule when its evaluator failed on every execution since it last completed one (or was resumed) for the whole window. */
  private async pauseIfFailing(claim: ClaimedExecution): Promise<void> {
    // Read again, not from the round's lookups: someone may have paused or resumed it while the round ran.
    const rule = await this.rules.findById(claim.projectId, claim.ruleId);
    // A paused rule still runs its backfills; only an active one has anything to pause.
    if (!rule?.active) return;
    const now = new Date();
    const reason = selfPauseReason(await this.rules.failureStreak(claim.projectId, claim.ruleId, rule.updatedAt), this.settings.selfPauseAfterMs, now);
    if (reason !== null) await this.rules.pauseItself(claim.projectId, claim.ruleId, reason, now);
  }

  private async run(claim: ClaimedExecution, lookups: RoundLookups): Promise<{ score: Score } | { error: string }> {
    const rule = await lookups.rule(claim.projectId, claim.ruleId);
    if (!rule) return { error: 'the rule was deleted' };
    const config = await lookups.config(claim.projectId, rule.evaluatorConfigId);
    if (!config) return { error: `evaluator config ${rule.evaluatorConfigId} was deleted` };
    const found = await lookups.trace(claim.projectId, claim.traceId);
    if (!found) return { error: `trace ${claim.traceId} was deleted` };
    const check = this.evaluators.validateSettings(config.evaluatorKey, config.settingsValues);
    if (!check.ok) return { error: `evaluator config "${config.name}" no longer validates: ${check.violations.map((v) => v.reason).join('; ')}` };
    const result = await this.evaluators.evaluate(config.evaluatorKey, {
      projectId: claim.projectId, inputs: asRecord(found.trace.inputs), output: found.trace.output, trace: evaluatedTrace(found.trace, found.spans),
      correctAnswer: undefined, appParams: {},
      settings: check.settings,
    });
    const scored = onlineScore(rule, config.name, claim.traceId, result, new Date());
    return 'error' in scored ? { error: `evaluator error: ${scored.error}` } : scored;
  }
}
