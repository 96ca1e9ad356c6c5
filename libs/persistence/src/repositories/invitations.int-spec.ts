import { randomUUID } from 'node:crypto';
import { DomainError, type Invitation, type Membership, type ProjectRole, type User, assertMemberChangeAllowed } from '@crucible/domain';
import { everything } from '@crucible/application';
import { type TestDatabase, type TestEngine, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmUserRepository } from './user.repository';
import { TypeOrmMembershipRepository } from './membership.repository';
import { TypeOrmInvitationRepository } from './invitation.repository';
import { TypeOrmMemberRoster } from './member-roster.repository';

const DAY = 24 * 60 * 60 * 1000;
const newUser = (email: string, name = 'Ada'): User => ({ id: randomUUID(), email, name, passwordHash: 'hash', createdAt: new Date() });
const member = (projectId: string, userId: string, role: ProjectRole, joinedAt = new Date()): Membership => ({ projectId, userId, role, joinedAt });
const invitation = (projectId: string, email: string, createdAt = new Date()): Invitation => ({
  id: randomUUID(), projectId, email, role: 'editor', tokenHash: randomUUID(), createdBy: 'someone', createdAt,
  expiresAt: new Date(createdAt.getTime() + 7 * DAY), acceptedAt: null, revokedAt: null,
});

describe.each<TestEngine>(['postgres', 'pglite'])('invitations and members storage on %s', (engine) => {
  let database: TestDatabase;
  let users: TypeOrmUserRepository;
  let memberships: TypeOrmMembershipRepository;
  let invitations: TypeOrmInvitationRepository;
  let roster: TypeOrmMemberRoster;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    users = new TypeOrmUserRepository(database.dataSource);
    memberships = new TypeOrmMembershipRepository(database.dataSource);
    invitations = new TypeOrmInvitationRepository(database.dataSource);
    roster = new TypeOrmMemberRoster(database.dataSource);
  });
  afterAll(() => database?.close());

  it('lists only pending invitations of the project, pages them, and revokes a pending one once', async () => {
    const projectId = database.actor.projectId;
    const now = new Date();
    const [a, b, c] = [0, 1, 2].map((i) => invitation(projectId, `p${i}@example.com`, new Date(now.getTime() - (3 - i) * 1000)));
    const expired = { ...invitation(projectId, 'old@example.com', new Date(now.getTime() - 8 * DAY)) };
    for (const created of [a!, b!, c!, expired, invitation(database.otherActor.projectId, 'else@example.com')]) await invitations.create(created);
    const first = await invitations.listPending(projectId, now, { limit: 2, cursor: null });
    expect(first.items.map((i) => i.email)).toEqual(['p0@example.com', 'p1@example.com']);
    const second = await invitations.listPending(projectId, now, { limit: 2, cursor: first.nextCursor });
    expect(second).toEqual({ items: [c], nextCursor: null });
    expect(await invitations.findPendingFor(projectId, ' P1@Example.COM', now)).toEqual(b);
    expect(await invitations.findPendingFor(projectId, 'old@example.com', now)).toBeNull();

    expect(await invitations.revoke(database.otherActor.projectId, a!.id, now)).toBe(false);
    expect(await invitations.revoke(projectId, expired.id, now)).toBe(false);
    expect(await invitations.revoke(projectId, a!.id, now)).toBe(true);
    expect(await invitations.revoke(projectId, a!.id, now)).toBe(false);
    expect((await invitations.findByTokenHash(a!.tokenHash))?.revokedAt).toEqual(now);
  });

  it('finds an address\'s pending invitations in every project, oldest first, whatever the case (a first SSO sign-in)', async () => {
    const now = new Date();
    const older = invitation(database.otherActor.projectId, 'Sso.Person@example.com', new Date(now.getTime() - 2000));
    const newer = invitation(database.actor.projectId, 'sso.person@example.com', new Date(now.getTime() - 1000));
    const revoked = { ...invitation(database.actor.projectId, 'sso.person@example.com'), revokedAt: now };
    const expired = invitation(database.actor.projectId, 'sso.person@example.com', new Date(now.getTime() - 8 * DAY));
    for (const created of [newer, older, revoked, expired, invitation(database.actor.projectId, 'someone.else@example.com')]) await invitations.create(created);
    expect(await invitations.listPendingForEmail(' SSO.PERSON@example.com', now)).toEqual([older, newer]);
    expect(await invitations.listPendingForEmail('nobody@example.com', now)).toEqual([]);
  });

  it('redeems once, creating the account and the membership together; a conflict writes nothing', async () => {
    const projectId = database.actor.projectId;
    const pending = invitation(projectId, 'newcomer@example.com');
    await invitations.create(pending);
    const taken = newUser('taken@example.com');
    await users.create(taken);
    const clash = { ...newUser('taken@example.com'), id: randomUUID() };
    await expect(invitations.redeem(pending.id, new Date(), clash, member(projectId, clash.id, 'editor'))).rejects.toMatchObject({ code: 'conflict' });
    expect(await users.findById(clash.id)).toBeNull();
    expect((await invitations.findByTokenHash(pending.tokenHash))?.acceptedAt).toBeNull();

    const newcomer = newUser('newcomer@example.com', 'Newcomer');
    const at = new Date();
    expect(await invitations.redeem(pending.id, at, newcomer, member(projectId, newcomer.id, 'editor'))).toBe('accepted');
    expect(await memberships.findRole(projectId, newcomer.id)).toBe('editor');
    expect((await invitations.findByTokenHash(pending.tokenHash))?.acceptedAt).toEqual(at);
    expect(await invitations.redeem(pending.id, new Date(), null, member(projectId, newcomer.id, 'admin'))).toBe('unusable');
    expect(await invitations.redeem(randomUUID(), new Date(), null, member(projectId, newcomer.id, 'admin'))).toBe('unknown');

    const again = invitation(projectId, 'newcomer@example.com');
    await invitations.create(again);
    await expect(invitations.redeem(again.id, new Date(), null, member(projectId, newcomer.id, 'viewer'))).rejects.toMatchObject({ code: 'conflict' });
    expect(await memberships.findRole(projectId, newcomer.id)).toBe('editor');
    expect((await invitations.findByTokenHash(again.tokenHash))?.acceptedAt).toBeNull();
  });

  it('pages members by joining and changes them under the rule the caller gives, never losing the last owner', async () => {
    const projectId = database.otherActor.projectId;
    const [ann, ben] = [newUser('ann@example.com', 'Ann'), newUser('ben@example.com', 'Ben')];
    await users.create(ann);
    await users.create(ben);
    await memberships.add(member(projectId, ann.id, 'owner', new Date('2026-01-01T00:00:00Z')));
    await memberships.add(member(projectId, ben.id, 'viewer', new Date('2026-01-02T00:00:00Z')));
    const page = await roster.list(projectId, { limit: 1, cursor: null });
    expect(page.items).toEqual([{ projectId, userId: ann.id, role: 'owner', joinedAt: new Date('2026-01-01T00:00:00Z'), email: 'ann@example.com', name: 'Ann' }]);
    expect((await roster.list(projectId, { limit: 5, cursor: page.nextCursor })).items.map((m) => m.name)).toEqual(['Ben']);

    const owner = { projectId, type: 'user' as const, id: ann.id, name: 'Ann', role: 'owner' as const };
    const demote = { kind: 'role', role: 'admin' } as const;
    await expect(roster.change(projectId, ann.id, demote, (m, owners) => assertMemberChangeAllowed(owner, m, demote, owners)))
      .rejects.toBeInstanceOf(DomainError);
    expect(await memberships.findRole(projectId, ann.id)).toBe('owner');
    const promote = { kind: 'role', role: 'owner' } as const;
    expect(await roster.change(projectId, ben.id, promote, (m, owners) => assertMemberChangeAllowed(owner, m, promote, owners))).toMatchObject({ role: 'viewer' });
    expect(await roster.change(projectId, ann.id, { kind: 'remove' }, (m, owners) => assertMemberChangeAllowed(owner, m, { kind: 'remove' }, owners)))
      .toMatchObject({ role: 'owner' });
    expect((await roster.list(projectId, everything)).items.map((m) => [m.name, m.role])).toEqual([['Ben', 'owner']]);
    expect(await roster.change(projectId, ann.id, { kind: 'remove' }, () => undefined)).toBeNull();
  });

  it('lets only one of two owners demoting each other at once succeed: the project keeps an owner', async () => {
    const project = { id: randomUUID(), name: `pair ${engine}`, createdAt: new Date() };
    const [cleo, dan] = [newUser(`cleo-${engine}@example.com`, 'Cleo'), newUser(`dan-${engine}@example.com`, 'Dan')];
    await users.create(cleo);
    await users.create(dan);
    await memberships.createProjectWithOwner(project, member(project.id, cleo.id, 'owner'));
    await memberships.add(member(project.id, dan.id, 'owner'));
    const demote = { kind: 'role', role: 'editor' } as const;
    const by = (user: User) => ({ projectId: project.id, type: 'user' as const, id: user.id, name: user.name, role: 'owner' as const });
    const outcomes = await Promise.allSettled([
      roster.change(project.id, dan.id, demote, (m, owners) => assertMemberChangeAllowed(by(cleo), m, demote, owners)),
      roster.change(project.id, cleo.id, demote, (m, owners) => assertMemberChangeAllowed(by(dan), m, demote, owners)),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({ reason: { code: 'conflict' } });
    expect([await memberships.findRole(project.id, cleo.id), await memberships.findRole(project.id, dan.id)].sort()).toEqual(['editor', 'owner']);
  });
});
