import { randomUUID } from 'node:crypto';
import type { Invitation, Project, ProjectRole } from '@crucible/domain';
import {
  InMemoryAuditTrail, InMemoryInvitationRepository, InMemoryMembershipRepository, InMemorySessionStore, InMemoryUnitOfWork, InMemoryUserRepository,
  InMemoryProjectRepository,
} from '../../testing';
import { OidcClient, type OidcIdentity, type OidcSignInStart } from '../ports';
import { CompleteOidcSignInUseCase } from './complete-oidc-sign-in.use-case';

/** Answers the callback with whoever the test says signed in at the provider. */
class ScriptedOidcClient extends OidcClient {
  readonly displayName = 'Test IdP';
  identity: OidcIdentity = { subject: 's', email: null, emailVerified: false, name: null };

  async start(): Promise<OidcSignInStart> {
    throw new Error('not used');
  }

  async finish(): Promise<OidcIdentity> {
    return this.identity;
  }
}

const project = (name: string): Project => ({ id: randomUUID(), name, createdAt: new Date('2026-01-01') });
const callback = { redirectUri: 'http://localhost:8000/auth/oidc/callback', query: new URLSearchParams(), attempt: 'sealed' };

describe('CompleteOidcSignInUseCase', () => {
  const [defaultProject, other] = [project('default'), project('other')];
  let users: InMemoryUserRepository;
  let memberships: InMemoryMembershipRepository;
  let invitations: InMemoryInvitationRepository;
  let sessions: InMemorySessionStore;
  let oidc: ScriptedOidcClient;
  const audit = new InMemoryAuditTrail();
  const useCase = (autoJoinRole: ProjectRole | null = null) => new CompleteOidcSignInUseCase(
    oidc, { autoJoinRole }, users, invitations, new InMemoryProjectRepository([defaultProject, other]), memberships, sessions, audit, new InMemoryUnitOfWork(),
  );
  const signedInAt = (email: string, emailVerified = true, name: string | null = null) => {
    oidc.identity = { subject: randomUUID(), email, emailVerified, name };
  };
  const invite = async (projectId: string, email: string, role: ProjectRole, expiresAt = new Date(Date.now() + 60_000)) => {
    const invitation: Invitation = {
      id: randomUUID(), projectId, email, role, tokenHash: randomUUID(), createdBy: 'someone', createdAt: new Date(),
      expiresAt, acceptedAt: null, revokedAt: null,
    };
    await invitations.create(invitation);
    return invitation;
  };

  beforeEach(async () => {
    users = new InMemoryUserRepository();
    memberships = new InMemoryMembershipRepository();
    invitations = new InMemoryInvitationRepository(users, memberships);
    sessions = new InMemorySessionStore();
    oidc = new ScriptedOidcClient();
    await users.create({ id: 'ada', email: 'ada@example.com', name: 'Ada', passwordHash: 'hash', createdAt: new Date() });
  });

  it('signs in the account of a verified address, whatever its case, with a new session', async () => {
    signedInAt('ADA@Example.com');
    const signedIn = await useCase().execute(callback);
    expect(signedIn.user.id).toBe('ada');
    expect(sessions.sessions).toEqual([expect.objectContaining({ userId: 'ada' })]);
  });

  it('never signs anybody in with an unverified address, even one that has an account', async () => {
    signedInAt('ada@example.com', false);
    await expect(useCase('viewer').execute(callback)).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/has not verified the address ada@example.com/) });
    oidc.identity = { subject: 's', email: null, emailVerified: true, name: null };
    await expect(useCase('viewer').execute(callback)).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/"email" claim/) });
    expect(sessions.sessions).toHaveLength(0);
  });

  it('refuses an unknown verified address without an invitation, making no account', async () => {
    signedInAt('carol@example.com');
    await expect(useCase().execute(callback)).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/no Crucible account and no pending invitation/) });
    expect(await users.findByEmail('carol@example.com')).toBeNull();
    expect(sessions.sessions).toHaveLength(0);
  });

  it('makes the account of an invited address, accepting every pending invitation and none that expired', async () => {
    const first = await invite(other.id, 'Carol@example.com', 'editor');
    const second = await invite(defaultProject.id, 'carol@example.com', 'viewer');
    const expired = await invite(defaultProject.id, 'carol@example.com', 'admin', new Date(Date.now() - 1000));
    signedInAt('carol@example.com', true, '  Carol   Newcomer ');
    const { user } = await useCase('admin').execute(callback);
    expect(user).toMatchObject({ email: 'carol@example.com', name: 'Carol Newcomer', passwordHash: null });
    expect(await memberships.findRole(other.id, user.id)).toBe('editor');
    expect(await memberships.findRole(defaultProject.id, user.id)).toBe('viewer');
    expect((await invitations.findByTokenHash(first.tokenHash))?.acceptedAt).not.toBeNull();
    expect((await invitations.findByTokenHash(second.tokenHash))?.acceptedAt).not.toBeNull();
    expect((await invitations.findByTokenHash(expired.tokenHash))?.acceptedAt).toBeNull();
  });

  it('lets an unknown verified address join the default project with CRUCIBLE_OIDC_AUTO_JOIN_ROLE, named by its address when the provider gives no name', async () => {
    signedInAt('dan@example.com');
    const { user } = await useCase('annotator').execute(callback);
    expect(user).toMatchObject({ email: 'dan@example.com', name: 'dan', passwordHash: null });
    expect(await memberships.findRole(defaultProject.id, user.id)).toBe('annotator');
    expect(await memberships.findRole(other.id, user.id)).toBeNull();
    expect(audit.events.filter((event) => event.actor.id === user.id)).toEqual([expect.objectContaining({
      projectId: defaultProject.id, action: 'member.join', summary: 'dan (dan@example.com) signed in with SSO for the first time and joined as annotator',
    })]);
    // The next sign-in finds the account.
    expect((await useCase('annotator').execute(callback)).user.id).toBe(user.id);
    expect(sessions.sessions).toHaveLength(2);
  });
});
