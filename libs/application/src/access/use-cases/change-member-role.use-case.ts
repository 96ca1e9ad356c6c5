import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, type ProjectMember, type ProjectRole, assertMemberChangeAllowed } from '@crucible/domain';
import { MemberRoster } from '../ports';
import { assertOwnProject } from '../project-ownership';

/** Gives a member another role; only an owner makes or unmakes owners, and the last owner stays one (409). */
@Injectable()
export class ChangeMemberRoleUseCase {
  constructor(private readonly roster: MemberRoster) {}

  async execute(actor: Actor, input: { projectId: string; userId: string; role: ProjectRole }): Promise<ProjectMember> {
    assertOwnProject(actor, input.projectId);
    const change = { kind: 'role', role: input.role } as const;
    const before = await this.roster.change(input.projectId, input.userId, change,
      (member, owners) => assertMemberChangeAllowed(actor, member, change, owners));
    if (!before) throw DomainError.notFound('member', input.userId);
    return { ...before, role: input.role };
  }
}
