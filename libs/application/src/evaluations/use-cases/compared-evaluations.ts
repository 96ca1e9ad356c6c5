import { type Actor, type Evaluation, DomainError } from '@crucible/domain';
import type { EvaluationRepository } from '../ports';
import { requireRuns } from '../../runs/run-lookup';

export interface ComparedEvaluationsOptions {
  /** Evaluations run on different versions of their test set are compared on the rows those versions share. */
  allowDifferentVersions?: boolean;
}

/**
 * The evaluations named by `ids`, in that order, refused unless all exist in the project and share a test set, and,
 * unless the caller allows it, ran on the same version of it: rows of two versions are not the same rows.
 */
export async function findComparedEvaluations(
  evaluations: EvaluationRepository, actor: Actor, ids: string[], options: ComparedEvaluationsOptions = {},
): Promise<Evaluation[]> {
  const ordered = await requireRuns(evaluations, actor, ids, 'evaluation');
  if (new Set(ordered.map((e) => e.testsetId)).size > 1) {
    throw new DomainError('rule_violation', 'evaluations compared row by row must share one test set');
  }
  const [baseline] = ordered;
  const other = ordered.find((evaluation) => evaluation.testsetVersion !== baseline?.testsetVersion);
  if (baseline && other && !options.allowDifferentVersions) {
    throw new DomainError(
      'conflict',
      `evaluation ${baseline.id} ran on version ${baseline.testsetVersion} of testset "${baseline.testsetName}" and evaluation ${other.id} `
      + `on version ${other.testsetVersion}; pass allow_different_versions=true to compare the rows both versions share`,
    );
  }
  return ordered;
}
