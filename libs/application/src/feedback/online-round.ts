import type { EvaluatorConfig, OnlineEvaluationRule, TraceWithSpans } from '@crucible/domain';
import type { EvaluatorConfigRepository } from '../evaluators/ports/evaluator-config-repository.port';
import type { TraceRepository } from '../traces/ports/trace.repository.port';
import type { ClaimedExecution, ExecutionOutcome, OnlineEvaluationRepository } from './ports';
import { EVALUATED_SPANS_LIMIT } from './evaluated-trace';

/**
 * What a round's claims read, each read once per round: their traces (with their first spans) in one go per project,
 * and the rules and evaluator configs they name (a round's claims mostly share a few).
 */
export class RoundLookups {
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
export async function eachAtMost<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
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

/** A round's outcomes, written in as few statements as the round's length allows (ONLINE_OUTCOMES_WRITTEN_EVERY_MS). */
export class OutcomeWriter {
  private waiting: ExecutionOutcome[] = [];
  private written: Promise<void> = Promise.resolve();
  private lastWrite = Date.now();

  constructor(private readonly rules: OnlineEvaluationRepository, private readonly everyMs: number) {}

  /** Keeps the outcome, and writes what it kept once `everyMs` passed since the last write. */
  add(outcome: ExecutionOutcome): Promise<void> {
    this.waiting.push(outcome);
    return Date.now() - this.lastWrite >= this.everyMs ? this.flush() : Promise.resolve();
  }

  /** Writes what it kept, after any write on its way (one at a time). */
  flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    this.lastWrite = Date.now();
    this.written = this.written.then(() => (batch.length > 0 ? this.rules.finish(batch, new Date()) : undefined));
    return this.written;
  }
}
