import { Injectable } from '@nestjs/common';
import type { Actor, Invitation } from '@crucible/domain';
import { InvitationRepository } from '../ports';
import type { Page, PageRequest } from '../../shared/page';
import { assertOwnProject } from '../project-ownership';

/** The project's pending invitations: used, revoked and expired ones are no longer listed. */
@Injectable()
export class ListInvitationsUseCase {
  constructor(private readonly invitations: InvitationRepository) {}

  execute(actor: Actor, projectId: string, page: PageRequest): Promise<Page<Invitation>> {
    assertOwnProject(actor, projectId);
    return this.invitations.listPending(projectId, new Date(), page);
  }
}
