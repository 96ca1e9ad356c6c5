import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { INVITATION_LIFETIME_MS, type Invitation, type ProjectRole, normalizeEmail } from '@crucible/domain';

/** Invitation tokens are 256 random bits, so a plain SHA-256 is enough at rest (as for API keys). */
export function hashInvitationToken(rawToken: string): string {
  return createHash('sha256').update(rawToken).digest('hex');
}

export interface IssuedInvitation {
  invitation: Invitation;
  /** Travels only in the link; only its hash is stored. */
  rawToken: string;
}

export function issueInvitation(
  input: { projectId: string; email: string; role: ProjectRole; createdBy: string }, now = new Date(),
): IssuedInvitation {
  const rawToken = randomBytes(32).toString('base64url');
  return {
    rawToken,
    invitation: {
      id: randomUUID(),
      projectId: input.projectId,
      email: normalizeEmail(input.email),
      role: input.role,
      tokenHash: hashInvitationToken(rawToken),
      createdBy: input.createdBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      acceptedAt: null,
      revokedAt: null,
    },
  };
}

/** The console's page that accepts an invitation, under the api's public address. */
export function invitationLink(publicBaseUrl: string, rawToken: string): string {
  // Relative to the base, so an api served under a path (https://example.com/crucible) keeps it.
  const url = new URL('ui/invite', publicBaseUrl.endsWith('/') ? publicBaseUrl : `${publicBaseUrl}/`);
  url.searchParams.set('token', rawToken);
  return url.toString();
}
