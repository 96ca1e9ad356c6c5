import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, assertMemberChangeAllowed } from '@crucible/domain';
import { MemberRoster } from '../ports';
import { assertOwnProject } from '../project-ownership';

/** Takes a person out of the project (their account stays); only an owner removes an owner, never the last one (409). */
@Injectable()
export class RemoveMemberUseCase {
  constructor(private readonly roster: MemberRoster) {}

  async execute(actor: Actor, input: { projectId: string; userId: string }): Promise<void> {
    assertOwnProject(actor, input.projectId);
    const change = { kind: 'remove' } as const;
    const before = await this.roster.change(input.projectId, input.userId, change,
      (member, owners) => assertMemberChangeAllowed(actor, member, change, owners));
    if (!before) throw DomainError.notFound('member', input.userId);
  }
}
