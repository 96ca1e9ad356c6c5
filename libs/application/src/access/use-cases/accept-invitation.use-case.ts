import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  DomainError, type InputViolation, type Invitation, type Membership, type Project, type ProjectRole, type User, assertInvitationUsable,
} from '@crucible/domain';
import { FailedSignIns, InvitationRepository, PasswordHasher, ProjectRepository, SessionStore, UserRepository } from '../ports';
import { type OpenedSession, openSession } from '../session-secret';
import { memberJoined, redeemWithEvent } from '../member-joined';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../account-rules';
import { hashInvitationToken } from '../invitation-secret';
import { AuditTrail } from '../../audit/ports';
import { UnitOfWork } from '../../shared/unit-of-work';

const UNKNOWN = 'unknown invitation link: ask whoever invited you for a new one';

export interface AcceptedInvitation extends OpenedSession {
  user: User;
  project: Project;
  role: ProjectRole;
}

export interface AcceptInvitationInput {
  token: string;
  name?: string;
  password?: string;
  /** The person the request's session cookie signs in, if any: an existing account may join without its password. */
  signedInUserId?: string;
  /** The address the request came from, for the audit event. */
  ip?: string | null;
}

/**
 * Redeems an invitation link, once. A new address gets an account (name and password required); an existing account
 * joins, proven by its password or its session, since the inviter sees the link too and must not thereby sign in as
 * somebody else. Either way the person is signed in.
 */
@Injectable()
export class AcceptInvitationUseCase {
  constructor(
    private readonly invitations: InvitationRepository,
    private readonly users: UserRepository,
    private readonly projects: ProjectRepository,
    private readonly sessions: SessionStore,
    private readonly hasher: PasswordHasher,
    private readonly failedSignIns: FailedSignIns,
    private readonly trail: AuditTrail,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(input: AcceptInvitationInput): Promise<AcceptedInvitation> {
    const tokenHash = hashInvitationToken(input.token);
    const invitation = await this.invitations.findByTokenHash(tokenHash);
    if (!invitation) throw new DomainError('not_found', UNKNOWN);
    const now = new Date();
    assertInvitationUsable(invitation, now);
    const existing = await this.users.findByEmail(invitation.email);
    const user = existing ?? (await this.newAccount(invitation, input, now));
    if (existing) await this.assertIsThem(existing, input);
    const membership: Membership = { projectId: invitation.projectId, userId: user.id, role: invitation.role, joinedAt: now };
    const joined = memberJoined(user, membership, 'accepted an invitation', input.ip ?? null);
    const redeemed = await redeemWithEvent(this.unitOfWork, this.trail, () => this.invitations.redeem(invitation.id, now, existing ? null : user, membership), joined, 'accepted');
    if (redeemed === 'unknown') throw new DomainError('not_found', UNKNOWN);
    if (redeemed === 'unusable') {
      // Another request redeemed or revoked it since it was read: say which.
      const current = await this.invitations.findByTokenHash(tokenHash);
      if (current) assertInvitationUsable(current, new Date());
      throw new DomainError('gone', 'this invitation was already used: sign in instead');
    }
    const project = await this.projects.findById(invitation.projectId);
    if (!project) throw DomainError.notFound('project', invitation.projectId);
    return { user, project, role: invitation.role, ...(await openSession(this.sessions, user.id, now)) };
  }

  private async newAccount(invitation: Invitation, input: AcceptInvitationInput, now: Date): Promise<User> {
    const name = input.name?.trim() ?? '';
    const password = input.password ?? '';
    const violations: InputViolation[] = [];
    if (!name) violations.push({ field: ['name'], reason: `a name is required to make the account of ${invitation.email}`, rule: 'required' });
    if (input.password === undefined) {
      violations.push({
        field: ['password'], rule: 'required',
        reason: `a password of at least ${MIN_PASSWORD_LENGTH} characters is required to make the account of ${invitation.email}`,
      });
    } else if (password.length < MIN_PASSWORD_LENGTH) {
      violations.push({ field: ['password'], reason: `the password must be at least ${MIN_PASSWORD_LENGTH} characters`, rule: 'text_too_short' });
    } else if (password.length > MAX_PASSWORD_LENGTH) {
      violations.push({ field: ['password'], reason: `the password must be at most ${MAX_PASSWORD_LENGTH} characters`, rule: 'text_too_long' });
    }
    if (violations.length > 0) throw DomainError.invalidInput(violations);
    return { id: randomUUID(), email: invitation.email, name, passwordHash: await this.hasher.hash(password), createdAt: now };
  }

  /** Wrong passwords count against the address like failed sign-ins, and are refused in the same words. */
  private async assertIsThem(user: User, input: AcceptInvitationInput): Promise<void> {
    if (input.signedInUserId === user.id) return;
    const needed = `${user.email} has an account already: sign in as ${user.email} first, or send its password to join`;
    if (input.password === undefined) throw new DomainError('unauthorized', needed);
    const retryAfter = await this.failedSignIns.retryAfterSeconds(user.email);
    if (retryAfter !== null) throw DomainError.tooManyRequests(`too many wrong passwords for ${user.email}: try again later`, retryAfter);
    const matches = user.passwordHash !== null && input.password.length <= MAX_PASSWORD_LENGTH
      && (await this.hasher.verify(user.passwordHash, input.password));
    if (!matches) {
      await this.failedSignIns.record(user.email);
      throw new DomainError('unauthorized', `wrong password for ${user.email}: ${needed}`);
    }
  }
}
