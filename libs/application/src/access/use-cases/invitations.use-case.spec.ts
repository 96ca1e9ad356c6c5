import { randomUUID } from 'node:crypto';
import { type Actor, type Project, type ProjectRole } from '@crucible/domain';
import {
  HeldUnitOfWork, InMemoryAuditTrail, InMemoryInvitationRepository, InMemoryMemberRoster, InMemoryMembershipRepository, InMemorySessionStore, InMemoryUnitOfWork,
  InMemoryUserRepository,
  RecordingInvitationMailer, RecordingPasswordHasher,
  InMemoryProjectRepository,
} from '../../testing';
import { UnitOfWork } from '../../shared/unit-of-work';
import { InProcessFailedSignIns } from '../failed-sign-ins';
import { CreateInvitationUseCase } from './create-invitation.use-case';
import { AcceptInvitationUseCase } from './accept-invitation.use-case';
import { RevokeInvitationUseCase } from './revoke-invitation.use-case';
import { ListInvitationsUseCase } from './list-invitations.use-case';
import { ChangeMemberRoleUseCase } from './change-member-role.use-case';
import { RemoveMemberUseCase } from './remove-member.use-case';

function world(unit: UnitOfWork = new InMemoryUnitOfWork()) {
  const project: Project = { id: randomUUID(), name: 'team', createdAt: new Date() };
  const users = new InMemoryUserRepository();
  const memberships = new InMemoryMembershipRepository();
  memberships.projects.push(project);
  const trail = new InMemoryAuditTrail();
  const invitations = new InMemoryInvitationRepository(users, memberships);
  const mailer = new RecordingInvitationMailer();
  const sessions = new InMemorySessionStore();
  const projects = new InMemoryProjectRepository([project]);
  const create = new CreateInvitationUseCase(invitations, users, memberships, projects, mailer, unit);
  const hasher = new RecordingPasswordHasher();
  const accept = new AcceptInvitationUseCase(invitations, users, projects, sessions, hasher, new InProcessFailedSignIns(), trail, new InMemoryUnitOfWork());
  const roster = new InMemoryMemberRoster(users, memberships);
  const actor = (role: ProjectRole, id = randomUUID()): Actor => ({ projectId: project.id, type: 'user', id, name: `the ${role}`, role });
  const invite = (email: string, role: ProjectRole = 'editor', by = actor('admin')) =>
    create.execute(by, { projectId: project.id, email, role, publicBaseUrl: 'https://crucible.example.com/base' });
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
  return { project, users, memberships, invitations, mailer, sessions, hasher, trail, create, accept, roster, actor, invite, tokenOf };
}

describe('invitations', () => {
  it('issues a week-long link whose token is stored only hashed, and mails it', async () => {
    const w = world();
    const before = Date.now();
    const { invitation, inviteUrl, mailed } = await w.invite('  Ada@Example.com ');
    expect(inviteUrl).toMatch(/^https:\/\/crucible\.example\.com\/base\/ui\/invite\?token=[\w-]{43}$/);
    expect(invitation.email).toBe('ada@example.com');
    expect(invitation.expiresAt.getTime() - invitation.createdAt.getTime()).toBe(7 * 24 * 3600 * 1000);
    expect(invitation.createdAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(JSON.stringify(w.invitations.invitations)).not.toContain(w.tokenOf(inviteUrl));
    expect(await mailed).toBe(true);
    expect(w.mailer.sent).toEqual([expect.objectContaining({ to: 'ada@example.com', projectName: 'team', role: 'editor', inviteUrl })]);
  });

  it('keeps the invitation when the mail fails, saying it was not mailed', async () => {
    const w = world();
    w.mailer.failing = true;
    const { invitation, mailed } = await w.invite('ada@example.com');
    expect(await mailed).toBe(false);
    expect((await new ListInvitationsUseCase(w.invitations).execute(w.actor('admin'), w.project.id, { limit: null, cursor: null })).items.map((i) => i.id))
      .toEqual([invitation.id]);
  });

  it('mails only once the invitation has committed, and says then whether it went', async () => {
    const unit = new HeldUnitOfWork();
    const w = world(unit);
    const { inviteUrl, mailed } = await w.invite('ada@example.com');
    const settled = jest.fn();
    void mailed.then(settled);
    await new Promise((resolve) => setImmediate(resolve));
    expect(w.mailer.sent).toEqual([]);
    expect(settled).not.toHaveBeenCalled();
    await unit.commit();
    expect(await mailed).toBe(true);
    expect(w.mailer.sent).toEqual([expect.objectContaining({ to: 'ada@example.com', inviteUrl })]);
  });

  it('refuses inviting a member (409), a second pending invitation (409), an owner by a non-owner (403), another project (404)', async () => {
    const w = world();
    const { user } = await w.accept.execute({ token: w.tokenOf((await w.invite('ada@example.com')).inviteUrl), name: 'Ada', password: 'long enough pw' });
    expect(user.email).toBe('ada@example.com');
    await expect(w.invite('ADA@example.com')).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/member of this project already \(role editor\)/) });
    await w.invite('bob@example.com');
    await expect(w.invite('bob@example.com', 'viewer')).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/pending invitation/) });
    await expect(w.invite('carol@example.com', 'owner')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(w.invite('carol@example.com', 'owner', w.actor('owner'))).resolves.toMatchObject({ invitation: { role: 'owner' } });
    await expect(w.create.execute({ ...w.actor('admin'), projectId: randomUUID() }, { projectId: w.project.id, email: 'x@example.com', role: 'viewer', publicBaseUrl: 'http://h' }))
      .rejects.toMatchObject({ code: 'not_found' });
  });

  it('makes a new account from a link once, with a session; the link is then used (410)', async () => {
    const w = world();
    const token = w.tokenOf((await w.invite('ada@example.com', 'annotator')).inviteUrl);
    const accepted = await w.accept.execute({ token, name: ' Ada ', password: 'correct horse' });
    expect(accepted).toMatchObject({ user: { email: 'ada@example.com', name: 'Ada', passwordHash: expect.stringMatching(/^hashed:correct horse:/) }, role: 'annotator', project: { name: 'team' } });
    expect(w.sessions.sessions.map((s) => s.userId)).toEqual([accepted.user.id]);
    expect(await w.memberships.findRole(w.project.id, accepted.user.id)).toBe('annotator');
    expect(w.trail.events).toEqual([expect.objectContaining({
      projectId: w.project.id, actor: { type: 'user', id: accepted.user.id, name: 'Ada' }, action: 'member.join', resourceId: accepted.user.id,
    })]);
    await expect(w.accept.execute({ token, name: 'Ada', password: 'correct horse' }))
      .rejects.toMatchObject({ code: 'gone', message: expect.stringMatching(/already used/) });
    await expect(w.accept.execute({ token: 'nope', name: 'Ada', password: 'correct horse' })).rejects.toMatchObject({ code: 'not_found' });
    expect(w.trail.events).toHaveLength(1);
  });

  it('needs a name and a password of ten characters for a new account, naming each field (422)', async () => {
    const w = world();
    const token = w.tokenOf((await w.invite('ada@example.com')).inviteUrl);
    const refused = await w.accept.execute({ token }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'invalid_input', violations: [{ field: ['name'], rule: 'required' }, { field: ['password'], rule: 'required' }] });
    await expect(w.accept.execute({ token, name: 'Ada', password: 'nine char' }))
      .rejects.toMatchObject({ code: 'invalid_input', violations: [{ field: ['password'], rule: 'text_too_short' }] });
    expect(w.users.users).toEqual([]);
    await expect(w.accept.execute({ token, name: 'Ada', password: 'ten chars!' })).resolves.toMatchObject({ user: { name: 'Ada' } });
  });

  it('answers a revoked link 410 in its own words, and an expired one with its date', async () => {
    const w = world();
    const revoked = await w.invite('ada@example.com');
    await new RevokeInvitationUseCase(w.invitations).execute(w.actor('admin'), { projectId: w.project.id, invitationId: revoked.invitation.id });
    await expect(w.accept.execute({ token: w.tokenOf(revoked.inviteUrl), name: 'Ada', password: 'correct horse' }))
      .rejects.toMatchObject({ code: 'gone', message: expect.stringMatching(/^this invitation was revoked/) });
    await expect(new RevokeInvitationUseCase(w.invitations).execute(w.actor('admin'), { projectId: w.project.id, invitationId: revoked.invitation.id }))
      .rejects.toMatchObject({ code: 'not_found' });

    const expiring = await w.invite('bob@example.com');
    const stored = w.invitations.invitations.find((i) => i.id === expiring.invitation.id)!;
    stored.expiresAt = new Date('2026-01-02T03:04:05.000Z');
    await expect(w.accept.execute({ token: w.tokenOf(expiring.inviteUrl), name: 'Bob', password: 'correct horse' }))
      .rejects.toMatchObject({ code: 'gone', message: 'this invitation expired on 2026-01-02T03:04:05.000Z: ask for a new one' });
    expect((await new ListInvitationsUseCase(w.invitations).execute(w.actor('admin'), w.project.id, { limit: null, cursor: null })).items).toEqual([]);
  });

  it('lets an existing account join only with its password or its own session', async () => {
    const w = world();
    const account = async (email: string) => {
      const user = { id: randomUUID(), email, name: email, passwordHash: await w.hasher.hash('her password'), createdAt: new Date() };
      await w.users.create(user);
      return user;
    };
    const [ada, bea] = [await account('ada@example.com'), await account('bea@example.com')];
    const token = w.tokenOf((await w.invite('ada@example.com', 'viewer')).inviteUrl);
    await expect(w.accept.execute({ token })).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/has an account already/) });
    await expect(w.accept.execute({ token, password: 'the inviter guessing' })).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/wrong password/) });
    await expect(w.accept.execute({ token, signedInUserId: bea.id })).rejects.toMatchObject({ code: 'unauthorized' });
    expect(await w.memberships.findRole(w.project.id, ada.id)).toBeNull();
    expect(await w.accept.execute({ token, password: 'her password' })).toMatchObject({ user: { id: ada.id, name: 'ada@example.com' }, role: 'viewer' });

    const beaToken = w.tokenOf((await w.invite('bea@example.com', 'editor')).inviteUrl);
    expect(await w.accept.execute({ token: beaToken, signedInUserId: bea.id })).toMatchObject({ user: { id: bea.id }, role: 'editor' });
    expect(w.users.users).toHaveLength(2);
  });
});

describe('members', () => {
  async function withMembers() {
    const w = world();
    const owner = { projectId: w.project.id, userId: randomUUID(), role: 'owner' as const, joinedAt: new Date() };
    const editor = { projectId: w.project.id, userId: randomUUID(), role: 'editor' as const, joinedAt: new Date() };
    for (const membership of [owner, editor]) {
      await w.users.create({ id: membership.userId, email: `${membership.role}@example.com`, name: membership.role, passwordHash: null, createdAt: new Date() });
      await w.memberships.add(membership);
    }
    return { ...w, owner, editor, change: new ChangeMemberRoleUseCase(w.roster), remove: new RemoveMemberUseCase(w.roster) };
  }

  it('never removes or demotes the last owner (409), and does once another owner exists', async () => {
    const w = await withMembers();
    const asOwner = w.actor('owner', w.owner.userId);
    await expect(w.remove.execute(asOwner, { projectId: w.project.id, userId: w.owner.userId })).rejects.toMatchObject({ code: 'conflict' });
    await expect(w.change.execute(asOwner, { projectId: w.project.id, userId: w.owner.userId, role: 'admin' })).rejects.toMatchObject({ code: 'conflict' });
    expect(await w.memberships.findRole(w.project.id, w.owner.userId)).toBe('owner');
    await w.change.execute(asOwner, { projectId: w.project.id, userId: w.editor.userId, role: 'owner' });
    await w.change.execute(asOwner, { projectId: w.project.id, userId: w.owner.userId, role: 'admin' });
    expect(w.memberships.memberships.filter((m) => m.projectId === w.project.id && m.role === 'owner')).toHaveLength(1);
    expect(await w.memberships.findRole(w.project.id, w.editor.userId)).toBe('owner');
  });

  it('keeps owners to owners, answers 404 for a stranger and removes a member', async () => {
    const w = await withMembers();
    await expect(w.change.execute(w.actor('admin'), { projectId: w.project.id, userId: w.editor.userId, role: 'owner' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(w.remove.execute(w.actor('admin'), { projectId: w.project.id, userId: w.owner.userId })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(w.remove.execute(w.actor('admin'), { projectId: w.project.id, userId: randomUUID() })).rejects.toMatchObject({ code: 'not_found' });
    await w.remove.execute(w.actor('admin'), { projectId: w.project.id, userId: w.editor.userId });
    expect(await w.memberships.findRole(w.project.id, w.editor.userId)).toBeNull();
  });
});
