import { type Actor, type Evaluation, DomainError } from '@crucible/domain';
import type { EvaluationRepository } from '../ports';
import { requireRuns } from '../../runs/run-lookup';

/** The evaluations named by `ids`, in that order, refused unless all exist in the project and share a test set. */
export async function findComparedEvaluations(
  evaluations: EvaluationRepository, actor: Actor, ids: string[],
): Promise<Evaluation[]> {
  const ordered = await requireRuns(evaluations, actor, ids, 'evaluation');
  if (new Set(ordered.map((e) => e.testsetId)).size > 1) {
    throw new DomainError('rule_violation', 'evaluations compared row by row must share one test set');
  }
  return ordered;
}
