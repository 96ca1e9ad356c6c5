import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type Session, sessionExpiry } from '@crucible/domain';
import type { SessionStore } from './ports';

/** Session tokens are 256 random bits, so a plain SHA-256 is enough at rest (as for API keys). */
export function hashSessionToken(rawToken: string): string {
  return createHash('sha256').update(rawToken).digest('hex');
}

export interface OpenedSession {
  session: Session;
  /** The cookie's value; only its hash is stored. */
  rawToken: string;
}

/** A new session for every sign-in (password, setup, invitation, SSO): a token planted before sign-in never becomes one. */
export async function openSession(sessions: SessionStore, userId: string, now = new Date()): Promise<OpenedSession> {
  const rawToken = randomBytes(32).toString('base64url');
  const session: Session = {
    id: randomUUID(), userId, tokenHash: hashSessionToken(rawToken), csrfToken: randomBytes(32).toString('base64url'),
    createdAt: now, lastSeenAt: now, expiresAt: sessionExpiry(now),
  };
  await sessions.create(session);
  return { session, rawToken };
}
