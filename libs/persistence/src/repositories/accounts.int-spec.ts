import { randomUUID } from 'node:crypto';
import { type Membership, type Session, type User, sessionExpiry } from '@crucible/domain';
import { type MemberChangeCheck, everything } from '@crucible/application';
import { type TestDatabase, type TestEngine, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmUserRepository } from './user.repository';
import { TypeOrmMembershipRepository } from './membership.repository';
import { TypeOrmSessionStore } from './session.store';
import { TypeOrmSetupTokenRepository } from './setup-token.repository';
import { TypeOrmProjectsOfEmail } from './projects-of-email.repository';
import { TypeOrmMemberRoster } from './member-roster.repository';

const newUser = (email: string, name = 'Ada'): User => ({ id: randomUUID(), email, name, passwordHash: 'hash', createdAt: new Date() });
const member = (projectId: string, userId: string, role: Membership['role'], joinedAt = new Date()): Membership => ({ projectId, userId, role, joinedAt });
const newSession = (userId: string, lastSeenAt: Date): Session => ({
  id: randomUUID(), userId, tokenHash: randomUUID(), csrfToken: 'csrf', createdAt: lastSeenAt, lastSeenAt, expiresAt: sessionExpiry(lastSeenAt),
});

describe.each<TestEngine>(['postgres', 'pglite'])('accounts storage on %s', (engine) => {
  let database: TestDatabase;
  let users: TypeOrmUserRepository;
  let memberships: TypeOrmMembershipRepository;
  let sessions: TypeOrmSessionStore;
  let setupTokens: TypeOrmSetupTokenRepository;
  let roster: TypeOrmMemberRoster;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    users = new TypeOrmUserRepository(database.dataSource);
    memberships = new TypeOrmMembershipRepository(database.dataSource);
    sessions = new TypeOrmSessionStore(database.dataSource);
    setupTokens = new TypeOrmSetupTokenRepository(database.dataSource);
    roster = new TypeOrmMemberRoster(database.dataSource);
  });
  afterAll(() => database?.close());

  it('redeems a setup token once, only while no account exists, creating the first owner', async () => {
    expect(await users.any()).toBe(false);
    await setupTokens.create({ tokenHash: 'first', createdAt: new Date(), usedAt: null });
    await setupTokens.create({ tokenHash: 'second', createdAt: new Date(), usedAt: null });
    const owner = newUser('owner@example.com', 'Owner');
    const projectId = database.actor.projectId;
    expect(await setupTokens.redeem('nope', new Date(), owner, member(projectId, owner.id, 'owner'))).toBe('unknown');
    expect(await setupTokens.redeem('first', new Date(), owner, member(projectId, owner.id, 'owner'))).toBe('redeemed');
    expect(await users.any()).toBe(true);
    expect((await setupTokens.find('first'))?.usedAt).not.toBeNull();
    const late = newUser('late@example.com');
    expect(await setupTokens.redeem('first', new Date(), late, member(projectId, late.id, 'owner'))).toBe('used');
    expect(await setupTokens.redeem('second', new Date(), late, member(projectId, late.id, 'owner'))).toBe('used');
    expect(await users.findByEmail('late@example.com')).toBeNull();
    expect(await memberships.findRole(projectId, owner.id)).toBe('owner');
  });

  it('finds a user by address whatever its case, and refuses the same address twice', async () => {
    const user = newUser('grace@example.com', 'Grace');
    await users.create(user);
    expect(await users.findByEmail('  GRACE@Example.com ')).toEqual(user);
    expect(await users.findById(user.id)).toEqual(user);
    await expect(users.create(newUser('Grace@EXAMPLE.com'))).rejects.toMatchObject({ code: 'conflict' });
    expect(await users.setPassword(user.id, 'new-hash')).toBe(true);
    expect(await users.rename(user.id, 'Grace H.')).toBe(true);
    expect(await users.findById(user.id)).toMatchObject({ passwordHash: 'new-hash', name: 'Grace H.' });
    expect(await users.setPassword(randomUUID(), 'x')).toBe(false);
  });

  it('lists a user\'s projects and a project\'s members with roles, and counts owners', async () => {
    const [first, second] = [database.actor.projectId, database.otherActor.projectId];
    const alan = newUser('alan@example.com', 'Alan');
    const barbara = newUser('barbara@example.com', 'Barbara');
    await users.create(alan);
    await users.create(barbara);
    await memberships.add(member(second, alan.id, 'viewer', new Date('2026-01-01T00:00:00Z')));
    await memberships.add(member(first, alan.id, 'admin', new Date('2026-01-02T00:00:00Z')));
    await memberships.add(member(first, barbara.id, 'owner', new Date('2026-01-03T00:00:00Z')));
    await expect(memberships.add(member(first, alan.id, 'editor'))).rejects.toMatchObject({ code: 'conflict' });

    expect((await memberships.listProjectsOf(alan.id)).map((p) => [p.project.name, p.role])).toEqual([['second', 'viewer'], ['first', 'admin']]);
    expect(await memberships.findRole(second, barbara.id)).toBeNull();
    // The first owner (set up above) joined today, after these two.
    expect((await roster.list(first, everything)).items.map((m) => [m.email, m.name, m.role])).toEqual([
      ['alan@example.com', 'Alan', 'admin'], ['barbara@example.com', 'Barbara', 'owner'], ['owner@example.com', 'Owner', 'owner'],
    ]);

    // The check a change runs sees the member as it was and the project's owner count.
    const checked: [string, number][] = [];
    const record: MemberChangeCheck = (m, owners) => { checked.push([m.role, owners]); };
    expect(await roster.change(first, alan.id, { kind: 'role', role: 'editor' }, record)).toMatchObject({ userId: alan.id, role: 'admin' });
    expect(checked).toEqual([['admin', 2]]);
    expect(await memberships.findRole(first, alan.id)).toBe('editor');
    expect(await roster.change(second, barbara.id, { kind: 'role', role: 'editor' }, record)).toBeNull();
    expect(await roster.change(second, alan.id, { kind: 'remove' }, record)).toMatchObject({ userId: alan.id, role: 'viewer' });
    expect(await roster.change(second, alan.id, { kind: 'remove' }, record)).toBeNull();
    expect(checked).toEqual([['admin', 2], ['viewer', 0]]);
    expect(await memberships.findRole(second, alan.id)).toBeNull();
    expect((await memberships.listProjectsOf(alan.id)).map((p) => p.project.id)).toEqual([first]);
  });

  it('creates a project with its owner in one go', async () => {
    const founder = newUser('founder@example.com', 'Founder');
    await users.create(founder);
    const project = { id: randomUUID(), name: 'fresh', createdAt: new Date() };
    await memberships.createProjectWithOwner(project, member(project.id, founder.id, 'owner'));
    expect(await memberships.listProjectsOf(founder.id)).toEqual([{ project, role: 'owner' }]);
  });

  it('answers the projects of an address whatever its case, for the failed sign-ins of the audit log', async () => {
    const [first, second] = [database.actor.projectId, database.otherActor.projectId];
    const dora = newUser('dora@example.com', 'Dora');
    await users.create(dora);
    await memberships.add(member(second, dora.id, 'viewer', new Date('2026-02-01T00:00:00Z')));
    await memberships.add(member(first, dora.id, 'editor', new Date('2026-02-02T00:00:00Z')));
    const projectsOfEmail = new TypeOrmProjectsOfEmail(database.dataSource);
    expect(await projectsOfEmail.find(' DORA@example.com')).toEqual([
      { projectId: second, userId: dora.id, userName: 'Dora' }, { projectId: first, userId: dora.id, userName: 'Dora' },
    ]);
    expect(await projectsOfEmail.find('nobody@example.com')).toEqual([]);
  });

  it('finds a live session moving its idle expiry, and forgets an expired or ended one', async () => {
    const user = newUser('sessions@example.com');
    await users.create(user);
    const start = new Date('2030-01-01T00:00:00Z');
    const session = newSession(user.id, start);
    await sessions.create(session);
    const later = new Date(start.getTime() + 60 * 60 * 1000);
    const touched = await sessions.touch(session.tokenHash, later);
    expect(touched).toMatchObject({ id: session.id, lastSeenAt: later, expiresAt: sessionExpiry(later) });
    expect(await sessions.touch(session.tokenHash, new Date(sessionExpiry(later).getTime() - 1))).toMatchObject({ id: session.id });
    const stale = newSession(user.id, start);
    await sessions.create(stale);
    expect(await sessions.touch(stale.tokenHash, sessionExpiry(start))).toBeNull();
    expect(await sessions.touch(stale.tokenHash, start)).toBeNull();

    expect(await sessions.delete(session.tokenHash)).toBe(true);
    expect(await sessions.touch(session.tokenHash, later)).toBeNull();
    // An expired session nobody presents again goes when the user next signs in.
    const forgotten = newSession(user.id, start);
    await sessions.create(forgotten);
    await sessions.create(newSession(user.id, later));
    await sessions.create(newSession(user.id, new Date(sessionExpiry(start).getTime() + 1)));
    expect(await database.dataSource.query('SELECT 1 FROM sessions WHERE token_hash = $1', [forgotten.tokenHash])).toHaveLength(0);
    expect(await sessions.deleteAllOf(user.id)).toBe(2);
  });
});
