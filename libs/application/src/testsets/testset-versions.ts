import { DomainError, type TestsetSummary } from '@crucible/domain';
import type { TestsetRepository } from './ports';

/**
 * The test set as of `version`, refused with a 404 naming the versions it has when it never had that one (versions
 * are numbered from 1 and never removed, so the latest number says which exist).
 */
export async function requireTestsetVersion(
  testsets: TestsetRepository, projectId: string, testsetId: string, version: number,
): Promise<TestsetSummary> {
  const found = await testsets.findSummary(projectId, testsetId, version);
  if (found) return found;
  const latest = await testsets.findSummary(projectId, testsetId);
  if (!latest) throw DomainError.notFound('testset', testsetId);
  throw new DomainError('not_found', `testset ${testsetId} has no version ${version}; its versions are 1 to ${latest.version}`);
}
