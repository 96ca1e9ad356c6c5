import { type Actor, DomainError } from '@crucible/domain';

/** Keys of another project answer 404, exactly like missing ones. */
export function assertOwnProject(actor: Actor, projectId: string): void {
  if (actor.projectId !== projectId) throw DomainError.notFound('project', projectId);
}
