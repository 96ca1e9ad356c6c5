import { type Evaluation, type MetricComparison, evaluationStatuses } from '@crucible/domain';

/** Comparisons kept; each answer is a few numbers per metric. */
export const CACHED_COMPARISONS = 200;

/**
 * Answers of comparisons whose evaluations have all finished: a terminal evaluation's scenarios never change, so
 * neither does its comparison. Least recently used first out.
 */
export class ComparisonCache {
  private readonly answers = new Map<string, MetricComparison[]>();

  /**
   * Project, evaluations in the order asked and each one's last change: a deleted evaluation is refused before the
   * cache is looked at, and any late write to one (which moves `updatedAt`) makes a new key. Null: not to be cached.
   */
  static keyOf(projectId: string, evaluations: Evaluation[]): string | null {
    if (!evaluations.every((evaluation) => evaluationStatuses.isTerminal(evaluation.status))) return null;
    return `${projectId} ${evaluations.map((evaluation) => `${evaluation.id}@${evaluation.updatedAt.getTime()}`).join(',')}`;
  }

  get(key: string): MetricComparison[] | undefined {
    const answer = this.answers.get(key);
    if (answer) {
      this.answers.delete(key);
      this.answers.set(key, answer);
    }
    return answer;
  }

  remember(key: string, answer: MetricComparison[]): void {
    this.answers.delete(key);
    this.answers.set(key, answer);
    if (this.answers.size > CACHED_COMPARISONS) this.answers.delete(this.answers.keys().next().value!);
  }
}
