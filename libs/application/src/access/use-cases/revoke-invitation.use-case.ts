import { Injectable } from '@nestjs/common';
import { type Actor, DomainError } from '@crucible/domain';
import { InvitationRepository } from '../ports';
import { assertOwnProject } from '../project-ownership';

/** Its link stops working at once (410 "this invitation was revoked"); one already used, revoked or expired is 404. */
@Injectable()
export class RevokeInvitationUseCase {
  constructor(private readonly invitations: InvitationRepository) {}

  async execute(actor: Actor, input: { projectId: string; invitationId: string }): Promise<void> {
    assertOwnProject(actor, input.projectId);
    if (!(await this.invitations.revoke(input.projectId, input.invitationId, new Date()))) {
      throw new DomainError('not_found', `invitation ${input.invitationId} not found among the project's pending invitations`);
    }
  }
}
