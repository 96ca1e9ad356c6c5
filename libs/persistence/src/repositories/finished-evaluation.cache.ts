import { type Evaluation, evaluationStatuses } from '@crucible/domain';

/**
 * Evaluations in a final state never change again (ARCHITECTURE §3), so a list need not load, parse and map
 * them on every request: they are kept here by id and `updated_at`, the oldest out first. Keying by
 * `updated_at` (to the microsecond, as stored) keeps the cache right even if a row did change: the stamp moves.
 * The oldest stored entry leaves first; a hit does not reorder (a list reads thousands at a time).
 * Handing back the same object lets the api memoise its presented JSON per object.
 */
export class FinishedEvaluationCache {
  private readonly entries = new Map<string, Evaluation>();

  constructor(private readonly capacity = 20_000) {}

  get(id: string, stamp: string): Evaluation | undefined {
    return this.entries.get(`${id}@${stamp}`);
  }

  remember(evaluation: Evaluation, stamp: string): void {
    if (!evaluationStatuses.isTerminal(evaluation.status)) return;
    this.entries.set(`${evaluation.id}@${stamp}`, evaluation);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}
