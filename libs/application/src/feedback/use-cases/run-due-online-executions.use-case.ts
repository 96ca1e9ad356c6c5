import { Injectable } from '@nestjs/common';
import { onlineScore, selfPauseReason } from '@crucible/domain';
import { EvaluatorService } from '../../evaluators/ports/evaluator-service.port';
import { EvaluatorConfigRepository } from '../../evaluators/ports/evaluator-config-repository.port';
import { TraceRepository } from '../../traces/ports/trace.repository.port';
import { type ClaimedExecution, OnlineEvaluationRepository, OnlineEvaluationSettings } from '../ports';
import { EVALUATED_SPANS_LIMIT, evaluatedTrace } from '../evaluated-trace';

/** How long a runner holds a claimed execution; one whose runner died is claimed again after it. */
export const ONLINE_EXECUTION_LEASE_MS = 5 * 60 * 1000;
/** Executions claimed per round. */
export const ONLINE_EXECUTIONS_PER_ROUND = 50;

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
  async execute(now = new Date()): Promise<number> {
    const claims = await this.rules.claimDue(now, new Date(now.getTime() + ONLINE_EXECUTION_LEASE_MS), ONLINE_EXECUTIONS_PER_ROUND);
    // Each rule that failed this round is looked at once, after it: a round lasts far less than the window.
    const failed = new Map<string, ClaimedExecution>();
    for (const claim of claims) {
      const outcome = await this.run(claim);
      if (!('error' in outcome)) continue;
      await this.rules.fail(claim, outcome.error, new Date());
      failed.set(claim.ruleId, claim);
    }
    for (const claim of failed.values()) await this.pauseIfFailing(claim);
    return claims.length;
  }

  /** Pauses the rule when its evaluator failed on every execution since it last completed one (or was resumed) for the whole window. */
  private async pauseIfFailing(claim: ClaimedExecution): Promise<void> {
    const rule = await this.rules.findById(claim.projectId, claim.ruleId);
    // A paused rule still runs its backfills; only an active one has anything to pause.
    if (!rule?.active) return;
    const now = new Date();
    const reason = selfPauseReason(await this.rules.failureStreak(claim.projectId, claim.ruleId, rule.updatedAt), this.settings.selfPauseAfterMs, now);
    if (reason !== null) await this.rules.pauseItself(claim.projectId, claim.ruleId, reason, now);
  }

  private async run(claim: ClaimedExecution): Promise<{ done: true } | { error: string }> {
    const rule = await this.rules.findById(claim.projectId, claim.ruleId);
    if (!rule) return { error: 'the rule was deleted' };
    const [config] = await this.configs.findByIds(claim.projectId, [rule.evaluatorConfigId]);
    if (!config) return { error: `evaluator config ${rule.evaluatorConfigId} was deleted` };
    const found = await this.traces.findById(claim.projectId, claim.traceId, { limit: EVALUATED_SPANS_LIMIT, after: null });
    if (!found) return { error: `trace ${claim.traceId} was deleted` };
    const check = this.evaluators.validateSettings(config.evaluatorKey, config.settingsValues);
    if (!check.ok) return { error: `evaluator config "${config.name}" no longer validates: ${check.violations.map((v) => v.reason).join('; ')}` };
    const result = await this.evaluators.evaluate(config.evaluatorKey, {
      projectId: claim.projectId, inputs: asRecord(found.trace.inputs), output: found.trace.output, trace: evaluatedTrace(found.trace, found.spans),
      correctAnswer: undefined, appParams: {},
      settings: check.settings,
    });
    const scored = onlineScore(rule, config.name, claim.traceId, result, new Date());
    if ('error' in scored) return { error: `evaluator error: ${scored.error}` };
    await this.rules.complete(claim, scored.score, new Date());
    return { done: true };
  }
}
