import {
  DomainError, type Invitation, type MemberChange, type Membership, type ProjectMember, type User, invitationState, normalizeEmail,
} from '@crucible/domain';
import {
  type InvitationMail, InvitationMailer, type InvitationRedemption, InvitationRepository, type MemberChangeCheck, MemberRoster,
} from '../access/ports';
import { type Page, type PageRequest, pageOfList } from '../shared/page';
import type { InMemoryMembershipRepository, InMemoryUserRepository } from './in-memory-accounts';

export class InMemoryInvitationRepository extends InvitationRepository {
  readonly invitations: Invitation[] = [];

  constructor(
    private readonly users: InMemoryUserRepository,
    private readonly memberships: InMemoryMembershipRepository,
  ) {
    super();
  }

  async create(invitation: Invitation): Promise<void> {
    this.invitations.push(structuredClone(invitation));
  }

  async findByTokenHash(tokenHash: string): Promise<Invitation | null> {
    return structuredClone(this.invitations.find((invitation) => invitation.tokenHash === tokenHash) ?? null);
  }

  async listPending(projectId: string, now: Date, page: PageRequest): Promise<Page<Invitation>> {
    const pending = this.invitations.filter((i) => i.projectId === projectId && invitationState(i, now) === 'pending')
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    return pageOfList(structuredClone(pending), page, (invitation) => invitation.id);
  }

  async findPendingFor(projectId: string, email: string, now: Date): Promise<Invitation | null> {
    return structuredClone(this.invitations.find((i) => i.projectId === projectId && normalizeEmail(i.email) === normalizeEmail(email)
      && invitationState(i, now) === 'pending') ?? null);
  }

  async listPendingForEmail(email: string, now: Date): Promise<Invitation[]> {
    return structuredClone(this.invitations.filter((i) => normalizeEmail(i.email) === normalizeEmail(email) && invitationState(i, now) === 'pending')
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)));
  }

  async revoke(projectId: string, invitationId: string, at: Date): Promise<boolean> {
    const invitation = this.invitations.find((i) => i.id === invitationId && i.projectId === projectId && invitationState(i, at) === 'pending');
    if (invitation) invitation.revokedAt = at;
    return Boolean(invitation);
  }

  async redeem(invitationId: string, at: Date, newUser: User | null, membership: Membership): Promise<InvitationRedemption> {
    const invitation = this.invitations.find((i) => i.id === invitationId);
    if (!invitation) return 'unknown';
    if (invitationState(invitation, at) !== 'pending') return 'unusable';
    if (newUser && (await this.users.findByEmail(newUser.email))) throw new DomainError('conflict', `an account with the email ${newUser.email} exists already`);
    if (await this.memberships.findRole(membership.projectId, membership.userId)) {
      throw new DomainError('conflict', `user ${membership.userId} is a member of project ${membership.projectId} already`);
    }
    if (newUser) await this.users.create(newUser);
    await this.memberships.add(membership);
    invitation.acceptedAt = at;
    return 'accepted';
  }
}

export class InMemoryMemberRoster extends MemberRoster {
  constructor(private readonly users: InMemoryUserRepository, private readonly memberships: InMemoryMembershipRepository) {
    super();
  }

  async list(projectId: string, page: PageRequest): Promise<Page<ProjectMember>> {
    const members = this.memberships.memberships.filter((m) => m.projectId === projectId)
      .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.userId.localeCompare(b.userId))
      .flatMap((m) => this.withAccount(m) ?? []);
    return pageOfList(members, page, (member) => member.userId);
  }

  async change(projectId: string, userId: string, change: MemberChange, check: MemberChangeCheck): Promise<ProjectMember | null> {
    const ofProject = this.memberships.memberships.filter((m) => m.projectId === projectId);
    const membership = ofProject.find((m) => m.userId === userId);
    const before = membership && this.withAccount(membership);
    if (!membership || !before) return null;
    check(before, ofProject.filter((m) => m.role === 'owner').length);
    if (change.kind === 'remove') this.memberships.memberships.splice(this.memberships.memberships.indexOf(membership), 1);
    else membership.role = change.role;
    return before;
  }

  /** The membership with its user's address and name, as the database joins them; undefined when the user is gone. */
  private withAccount(membership: Membership): ProjectMember | undefined {
    const user = this.users.users.find((candidate) => candidate.id === membership.userId);
    return user && { ...structuredClone(membership), email: user.email, name: user.name };
  }
}

/** Keeps what it was asked to send; `failing` makes it report a mail server that refused. */
export class RecordingInvitationMailer extends InvitationMailer {
  readonly sent: InvitationMail[] = [];
  failing = false;

  async send(mail: InvitationMail): Promise<boolean> {
    if (this.failing) return false;
    this.sent.push(structuredClone(mail));
    return true;
  }
}
