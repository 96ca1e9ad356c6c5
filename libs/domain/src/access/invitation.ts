import { DomainError } from '../shared/domain-error';
import type { Invitation, Membership } from './account';
import { type Actor, type ProjectRole, roleAtLeast } from './project';

/** An invitation link works for a week (ARCHITECTURE §17). */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type InvitationState = 'pending' | 'accepted' | 'revoked' | 'expired';

/** Revoked and accepted are final whatever the time; an unused, unrevoked one expires at `expiresAt`. */
export function invitationState(invitation: Invitation, now: Date): InvitationState {
  if (invitation.revokedAt) return 'revoked';
  if (invitation.acceptedAt) return 'accepted';
  return invitation.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** Why a link no longer works, in the words the invitee reads (410). */
export function assertInvitationUsable(invitation: Invitation, now: Date): void {
  const state = invitationState(invitation, now);
  if (state === 'revoked') throw new DomainError('gone', 'this invitation was revoked: ask for a new one');
  if (state === 'accepted') throw new DomainError('gone', 'this invitation was already used: sign in instead');
  if (state === 'expired') {
    throw new DomainError('gone', `this invitation expired on ${invitation.expiresAt.toISOString()}: ask for a new one`);
  }
}

const onlyOwners = (actor: Actor, what: string): DomainError =>
  new DomainError('forbidden', `only an owner may ${what}; "${actor.name}" has the role ${actor.role}`);

/** Owners are made only by owners: nobody raises someone, or themselves, to a role that may delete the project. */
export function assertMayGrant(actor: Actor, role: ProjectRole): void {
  if (role === 'owner' && !roleAtLeast(actor.role, 'owner')) throw onlyOwners(actor, 'invite or make owners');
}

/** What a change to a membership becomes: a new role, or leaving the project. */
export type MemberChange = { kind: 'role'; role: ProjectRole } | { kind: 'remove' };

/**
 * Decides a change to `member`, `owners` being how many owners the project has now: only an owner makes or unmakes
 * owners, and a project never loses its last owner (who alone may delete it). Throws what refuses it.
 */
export function assertMemberChangeAllowed(actor: Actor, member: Membership, change: MemberChange, owners: number): void {
  const becomesOwner = change.kind === 'role' && change.role === 'owner' && member.role !== 'owner';
  const stopsBeingOwner = member.role === 'owner' && (change.kind === 'remove' || change.role !== 'owner');
  if (becomesOwner) assertMayGrant(actor, 'owner');
  if (stopsBeingOwner && !roleAtLeast(actor.role, 'owner')) {
    throw onlyOwners(actor, change.kind === 'remove' ? 'remove an owner' : 'change an owner\'s role');
  }
  if (stopsBeingOwner && owners <= 1) {
    throw new DomainError('conflict', change.kind === 'remove'
      ? 'this is the project\'s last owner: make another member owner before removing them'
      : 'this is the project\'s last owner: make another member owner before changing their role');
  }
}
