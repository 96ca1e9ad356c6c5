import { Injectable } from '@nestjs/common';
import { type EvaluatorConfig, type OnlineEvaluationRule, type Score, type TraceWithSpans, onlineScore } from '@crucible/domain';
import { EvaluatorService } from '../../evaluators/ports/evaluator-service.port';
import { EvaluatorConfigRepository } from '../../evaluators/ports/evaluator-config-repository.port';
import { TraceRepository } from '../../traces/ports/trace.repository.port';
import { type ClaimedExecution, type ExecutionOutcome, OnlineEvaluationRepository } from '../ports';
import { EVALUATED_SPANS_LIMIT, evaluatedTrace } from '../evaluated-trace';

/** How long a runner holds a claimed execution by default (CRUCIBLE_ONLINE_EVALUATION_LEASE_SECONDS); one whose runner died is claimed again after it. */
export const ONLINE_EXECUTION_LEASE_MS = 5 * 60 * 1000;
/** Executions claimed per round: their outcomes are written together, so a round costs a few statements, not a few per trace. */
export const ONLINE_EXECUTIONS_PER_ROUND = 100;
/** Evaluations a round runs at once: a judge waiting on its provider, or a trace being read, does not hold up the others. */
export const ONLINE_EVALUATIONS_AT_ONCE = 8;

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : { input: value };

/**
 * What a round's claims read, each read once per round: their traces (with their first spans) in one go per project,
 * and the rules and evaluator configs they name (a round's claims mostly share a few).
 */
class RoundLookups {
  private readonly rules = new Map<string, Promise<OnlineEvaluationRule | null>>();
  private readonly configs = new Map<string, Promise<EvaluatorConfig | null>>();
  private readonly traces = new Map<string, Promise<Map<string, TraceWithSpans>>>();

  constructor(
    private readonly claims: ClaimedExecution[],
    private readonly ruleRepository: OnlineEvaluationRepository,
    private readonly configRepository: EvaluatorConfigRepository,
    private readonly traceRepository: TraceRepository,
  ) {}

  async trace(projectId: string, traceId: string): Promise<TraceWithSpans | null> {
    const ofProject = memo(this.traces, projectId, () => this.traceRepository.findManyWithFirstSpans(
      projectId, [...new Set(this.claims.filter((claim) => claim.projectId === projectId).map((claim) => claim.traceId))], EVALUATED_SPANS_LIMIT,
    ));
    return (await ofProject).get(traceId) ?? null;
  }

  rule(projectId: string, ruleId: string): Promise<OnlineEvaluationRule | null> {
    return memo(this.rules, ruleId, () => this.ruleRepository.findById(projectId, ruleId));
  }

  config(projectId: string, configId: string): Promise<EvaluatorConfig | null> {
    return memo(this.configs, `${projectId}:${configId}`, async () => (await this.configRepository.findByIds(projectId, [configId]))[0] ?? null);
  }
}

function memo<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let value = cache.get(key);
  if (!value) cache.set(key, (value = load()));
  return value;
}

/** `work` on every item, at most `limit` at once; the results in the items' order. */
async function eachAtMost<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await work(items[at]!);
    }
  }));
  return results;
}

/**
 * Runs the online evaluations that are due (ARCHITECTURE §18, §13): claims them under a lease, runs each rule's
 * evaluator on the trace's inputs, output and spans, and stores the score (`source: online_evaluation`, its id fixed by
 * rule and trace, so a retried claim stores it once) or the evaluator's error in the execution log.
 */
@Injectable()
export class RunDueOnlineExecutionsUseCase {
  constructor(
    private readonly rules: OnlineEvaluationRepository,
    private readonly configs: EvaluatorConfigRepository,
    private readonly traces: TraceRepository,
    private readonly evaluators: EvaluatorService,
  ) {}

  /** One round; answers how many executions it ran (0: none was due). */
  async execute(now = new Date(), leaseMs = ONLINE_EXECUTION_LEASE_MS): Promise<number> {
    const claims = await this.rules.claimDue(now, new Date(now.getTime() + leaseMs), ONLINE_EXECUTIONS_PER_ROUND);
    if (claims.length === 0) return 0;
    const lookups = new RoundLookups(claims, this.rules, this.configs, this.traces);
    const outcomes = await eachAtMost(claims, ONLINE_EVALUATIONS_AT_ONCE, async (claim): Promise<ExecutionOutcome> => {
      const outcome = await this.run(claim, lookups);
      return 'score' in outcome ? { claim, score: outcome.score } : { claim, error: outcome.error };
    });
    await this.rules.finish(outcomes, new Date());
    return claims.length;
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
