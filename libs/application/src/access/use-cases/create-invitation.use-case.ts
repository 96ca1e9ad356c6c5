import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, type Invitation, type ProjectRole, assertMayGrant, normalizeEmail } from '@crucible/domain';
import { InvitationMailer, InvitationRepository, MembershipRepository, ProjectRepository, UserRepository } from '../ports';
import { UnitOfWork } from '../../shared/unit-of-work';
import { assertOwnProject } from '../project-ownership';
import { invitationLink, issueInvitation } from '../invitation-secret';

export interface CreatedInvitation {
  invitation: Invitation;
  inviteUrl: string;
  /**
   * Whether the mail server took the mail with the link (false when none is configured or it failed). Settles only
   * once the invitation has committed: inside a unit of work, await it in an after-commit effect of your own (the
   * unit runs those in order, so the mail's comes first), never in the unit's work itself, which would wait forever.
   */
  mailed: Promise<boolean>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Who the mail says invited them: a person by name; a script by its key's name, said to be one. */
const inviterOf = (actor: Actor): string => (actor.type === 'user' ? actor.name : `The API key "${actor.name}"`);

/**
 * Invites an address into the caller's project with a role: a single-use link valid for a week, shown to the inviter
 * and mailed when a mail server is configured. A mail that fails loses nothing: the link is in the answer. The mail
 * leaves after the commit: a slow mail server must not hold the transaction (on PGlite, the only connection) for the
 * SMTP timeout, and a rolled-back invitation must not be mailed.
 */
@Injectable()
export class CreateInvitationUseCase {
  constructor(
    private readonly invitations: InvitationRepository,
    private readonly users: UserRepository,
    private readonly memberships: MembershipRepository,
    private readonly projects: ProjectRepository,
    private readonly mailer: InvitationMailer,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(
    actor: Actor, input: { projectId: string; email: string; role: ProjectRole; publicBaseUrl: string },
  ): Promise<CreatedInvitation> {
    assertOwnProject(actor, input.projectId);
    const email = normalizeEmail(input.email);
    if (!EMAIL.test(email)) {
      throw DomainError.invalidInput([{ field: ['email'], reason: `"${input.email}" is not an email address`, rule: 'invalid_value' }]);
    }
    assertMayGrant(actor, input.role);
    const project = await this.projects.findById(input.projectId);
    if (!project) throw DomainError.notFound('project', input.projectId);
    const user = await this.users.findByEmail(email);
    const role = user ? await this.memberships.findRole(input.projectId, user.id) : null;
    if (role) throw new DomainError('conflict', `${email} is a member of this project already (role ${role}): change their role instead`);
    const now = new Date();
    const pending = await this.invitations.findPendingFor(input.projectId, email, now);
    if (pending) {
      throw new DomainError('conflict',
        `${email} has a pending invitation (${pending.id}, until ${pending.expiresAt.toISOString()}): revoke it first to send a new one`);
    }
    const { invitation, rawToken } = issueInvitation({ projectId: input.projectId, email, role: input.role, createdBy: actor.id }, now);
    await this.invitations.create(invitation);
    const inviteUrl = invitationLink(input.publicBaseUrl, rawToken);
    const mail = { to: email, projectName: project.name, role: input.role, invitedBy: inviterOf(actor), inviteUrl, expiresAt: invitation.expiresAt };
    let settle: (mailed: boolean) => void = () => undefined;
    const mailed = new Promise<boolean>((resolve) => { settle = resolve; });
    // The mailer answers false rather than throwing, so the promise always settles once the effect runs.
    await this.unitOfWork.afterCommit(async () => settle(await this.mailer.send(mail)));
    return { invitation, inviteUrl, mailed };
  }
}
