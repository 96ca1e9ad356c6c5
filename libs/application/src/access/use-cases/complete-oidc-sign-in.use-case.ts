import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DomainError, type Invitation, type User, normalizeEmail } from '@crucible/domain';
import {
  InvitationRepository, MembershipRepository, type OidcCallback, OidcClient, type OidcIdentity, OidcSignInPolicy, ProjectRepository,
  SessionStore, UserRepository,
} from '../ports';
import { openSession } from '../session-secret';
import { memberJoined, redeemWithEvent } from '../member-joined';
import { AuditTrail } from '../../audit/ports';
import { UnitOfWork } from '../../shared/unit-of-work';
import type { SignedIn } from './sign-in.use-case';

const MAX_NAME_LENGTH = 200;

const isConflict = (error: unknown) => error instanceof DomainError && error.code === 'conflict';

/**
 * The provider sent the browser back: a verified address that has an account signs that account in; one without gets
 * an account only through its pending invitations (all accepted) or CRUCIBLE_OIDC_AUTO_JOIN_ROLE (the default
 * project); an unverified address never signs in as anybody. Every refusal says why, in words for the person.
 */
@Injectable()
export class CompleteOidcSignInUseCase {
  constructor(
    private readonly oidc: OidcClient,
    private readonly policy: OidcSignInPolicy,
    private readonly users: UserRepository,
    private readonly invitations: InvitationRepository,
    private readonly projects: ProjectRepository,
    private readonly memberships: MembershipRepository,
    private readonly sessions: SessionStore,
    private readonly audit: AuditTrail,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(callback: OidcCallback): Promise<SignedIn> {
    const identity = await this.oidc.finish(callback);
    if (!identity.email) {
      throw new DomainError('forbidden', 'the identity provider did not say which email address you signed in with: ask its administrator to release the "email" claim');
    }
    const email = normalizeEmail(identity.email);
    if (!identity.emailVerified) {
      throw new DomainError('forbidden', `the identity provider has not verified the address ${email}: single sign-on only signs in verified addresses; verify it there, or sign in with your password`);
    }
    const now = new Date();
    const user = (await this.users.findByEmail(email)) ?? (await this.join(identity, email, now));
    return { user, ...(await openSession(this.sessions, user.id, now)) };
  }

  private async join(identity: OidcIdentity, email: string, now: Date): Promise<User> {
    const user: User = { id: randomUUID(), email, name: accountName(identity, email), passwordHash: null, createdAt: now };
    const invited = await this.acceptInvitations(user, await this.invitations.listPendingForEmail(email, now), now);
    if (invited) return invited;
    const role = this.policy.autoJoinRole;
    if (!role) {
      throw new DomainError('forbidden', `${email} has no Crucible account and no pending invitation: ask a project's admin to invite ${email}, then sign in with SSO again`);
    }
    const project = await this.projects.findDefault();
    if (!project) throw new DomainError('invalid_state', 'there is no default project yet: restart the api');
    try {
      await this.users.create(user);
    } catch (error) {
      // The same person's other tab made the account a moment ago.
      if (isConflict(error)) return this.existing(email);
      throw error;
    }
    const membership = { projectId: project.id, userId: user.id, role, joinedAt: now };
    // The membership and its event commit together (the account alone, made above, changes no project).
    await this.unitOfWork.run(async () => {
      await this.memberships.add(membership);
      await this.audit.record(memberJoined(user, membership, 'signed in with SSO for the first time', null));
    });
    return user;
  }

  /** The account with the first invitation still pending, then every other one; null when none could be accepted. */
  private async acceptInvitations(user: User, invitations: Invitation[], now: Date): Promise<User | null> {
    let created: User | null = null;
    for (const invitation of invitations) {
      const membership = { projectId: invitation.projectId, userId: (created ?? user).id, role: invitation.role, joinedAt: now };
      try {
        const joined = memberJoined(user, membership, 'signed in with SSO, accepting an invitation,', null);
        const redeemed = await redeemWithEvent(this.unitOfWork, this.audit, () => this.invitations.redeem(invitation.id, now, created ? null : user, membership), joined, 'accepted');
        if (redeemed === 'accepted') created ??= user;
      } catch (error) {
        if (!isConflict(error)) throw error;
        // Made meanwhile by another sign-in (which accepts the invitations it can).
        if (!created) return this.existing(user.email);
      }
    }
    return created;
  }

  private async existing(address: string): Promise<User> {
    const user = await this.users.findByEmail(address);
    if (!user) throw new DomainError('conflict', `the account of ${address} is being made by another sign-in: try again`);
    return user;
  }
}

/** The provider's name for the person, else the address's local part. */
function accountName(identity: OidcIdentity, address: string): string {
  const name = identity.name?.replace(/\s+/g, ' ').trim();
  return (name || address.split('@')[0] || address).slice(0, MAX_NAME_LENGTH);
}
