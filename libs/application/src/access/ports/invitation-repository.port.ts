import type { Invitation, Membership, User } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';

/** How a redemption ended: only `accepted` wrote anything. */
export type InvitationRedemption = 'accepted' | 'unknown' | 'unusable';

export abstract class InvitationRepository {
  abstract create(invitation: Invitation): Promise<void>;
  abstract findByTokenHash(tokenHash: string): Promise<Invitation | null>;
  /** The project's invitations that are neither used, revoked nor expired at `now`, oldest first (then id). */
  abstract listPending(projectId: string, now: Date, page: PageRequest): Promise<Page<Invitation>>;
  /** The pending invitation of the project for that address (compared lower-cased), if any. */
  abstract findPendingFor(projectId: string, email: string, now: Date): Promise<Invitation | null>;
  /** Every project's pending invitations for that address (compared lower-cased), oldest first: a first SSO sign-in accepts them. */
  abstract listPendingForEmail(email: string, now: Date): Promise<Invitation[]>;
  /** Marks a pending invitation revoked; false when the project has no such invitation that is still pending. */
  abstract revoke(projectId: string, invitationId: string, at: Date): Promise<boolean>;
  /**
   * In one transaction, serialized against every other redemption of it: marks the invitation accepted, creates
   * `newUser` when given, and adds the membership. `unusable` (nothing written) when it was used, revoked or had
   * expired at `at` by then. Throws a `conflict` DomainError (nothing written) when the address got an account or
   * the user a membership meanwhile. The caller's unit of work (UnitOfWork) adds the audit event to the transaction.
   */
  abstract redeem(invitationId: string, at: Date, newUser: User | null, membership: Membership): Promise<InvitationRedemption>;
}
