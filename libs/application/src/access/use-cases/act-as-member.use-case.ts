import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, type User } from '@crucible/domain';
import { MembershipRepository } from '../ports';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A signed-in person acts in the project a request names (else the first they joined), with their role there. A
 * project they are not a member of answers 404, exactly like one that does not exist.
 */
@Injectable()
export class ActAsMemberUseCase {
  constructor(private readonly memberships: MembershipRepository) {}

  async execute(user: User, projectId: string | undefined): Promise<Actor> {
    if (projectId !== undefined) {
      const role = UUID.test(projectId) ? await this.memberships.findRole(projectId, user.id) : null;
      if (!role) throw DomainError.notFound('project', projectId);
      return { projectId, type: 'user', id: user.id, name: user.name, role };
    }
    const [first] = await this.memberships.listProjectsOf(user.id);
    if (!first) throw new DomainError('not_found', `${user.email} is not a member of any project: ask a project's admin for an invitation, or create a project`);
    return { projectId: first.project.id, type: 'user', id: user.id, name: user.name, role: first.role };
  }
}
