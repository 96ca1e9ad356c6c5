import { type Evaluation, DomainError } from '@crucible/domain';
import type { EvaluationRepository } from '../ports';

/** The evaluations named by `ids`, in that order, refused unless all exist in the project and share a test set. */
export async function findComparedEvaluations(
  evaluations: EvaluationRepository, projectId: string, ids: string[],
): Promise<Evaluation[]> {
  const unique = [...new Set(ids)];
  const found = await evaluations.list(projectId, { ids: unique });
  const missing = unique.find((id) => !found.some((e) => e.id === id));
  if (missing) throw DomainError.notFound('evaluation', missing);
  const ordered = unique.map((id) => found.find((e) => e.id === id)!);
  if (new Set(ordered.map((e) => e.testsetId)).size > 1) {
    throw new DomainError('rule_violation', 'evaluations compared row by row must share one test set');
  }
  return ordered;
}
