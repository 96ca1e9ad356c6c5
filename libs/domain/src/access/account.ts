import type { ProjectRole } from './project';

/** A person who signs in (ARCHITECTURE §17). `passwordHash` is null for someone who only signs in through SSO. */
export interface User {
  id: string;
  /** Lower-cased and trimmed (`normalizeEmail`): one person, one account, however they type it. */
  email: string;
  name: string;
  passwordHash: string | null;
  createdAt: Date;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A person's role in one project. */
export interface Membership {
  projectId: string;
  userId: string;
  role: ProjectRole;
  joinedAt: Date;
}

/** A member as a project's member list shows them. */
export interface ProjectMember extends Membership {
  email: string;
  name: string;
}

/** Sessions end after this long without a request. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * A signed-in browser. Only a hash of the cookie's token is stored, so a copy of the database signs nobody in.
 * `expiresAt` is `lastSeenAt` plus the idle lifetime, moved forward as the session is used.
 */
export interface Session {
  id: string;
  userId: string;
  tokenHash: string;
  /** The value the `crucible_csrf` cookie carries and a change must echo in `X-Crucible-CSRF`. */
  csrfToken: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

export function sessionExpiry(lastSeenAt: Date): Date {
  return new Date(lastSeenAt.getTime() + SESSION_IDLE_MS);
}

/**
 * An invitation to join a project with a role: single use, revocable, with a limited lifetime.
 * @public the invitations use cases build on it (the table exists already)
 */
export interface Invitation {
  id: string;
  projectId: string;
  email: string;
  role: ProjectRole;
  tokenHash: string;
  /** The inviter's user id (or API key id). */
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

/** The one-time link an empty database prints so its first user can become the default project's owner. */
export interface SetupToken {
  tokenHash: string;
  createdAt: Date;
  usedAt: Date | null;
}
