import { randomUUID } from 'node:crypto';
import {
  InMemoryAuditTrail, InMemoryMembershipRepository, InMemoryProjectsOfEmail, InMemorySessionStore, InMemoryUserRepository, RecordingPasswordHasher,
} from '../../testing';
import { RecordFailedSignInUseCase } from '../../audit/use-cases/record-failed-sign-in.use-case';
import { FAILED_SIGN_INS_ALLOWED, InProcessFailedSignIns } from '../failed-sign-ins';
import { hashSessionToken } from '../session-secret';
import { SIGN_IN_REFUSED, SignInUseCase } from './sign-in.use-case';
import { SignOutUseCase } from './sign-out.use-case';
import { AuthenticateSessionUseCase } from './authenticate-session.use-case';

describe('SignInUseCase', () => {
  let users: InMemoryUserRepository;
  let sessions: InMemorySessionStore;
  let hasher: RecordingPasswordHasher;
  let trail: InMemoryAuditTrail;
  let signIn: SignInUseCase;
  const password = 'a good long password';
  const [teamA, teamB] = [randomUUID(), randomUUID()];
  const ada = randomUUID();

  beforeEach(async () => {
    users = new InMemoryUserRepository();
    sessions = new InMemorySessionStore();
    hasher = new RecordingPasswordHasher();
    trail = new InMemoryAuditTrail();
    const memberships = new InMemoryMembershipRepository();
    signIn = new SignInUseCase(users, sessions, hasher, new InProcessFailedSignIns(),
      new RecordFailedSignInUseCase(trail, new InMemoryProjectsOfEmail(users, memberships)));
    await users.create({ id: ada, email: 'ada@example.com', name: 'Ada', passwordHash: await hasher.hash(password), createdAt: new Date() });
    for (const projectId of [teamA, teamB]) await memberships.add({ projectId, userId: ada, role: 'viewer', joinedAt: new Date() });
  });

  it('opens a new session for the right password, storing only the token\'s hash', async () => {
    const first = await signIn.execute({ email: ' ADA@example.com', password });
    const second = await signIn.execute({ email: 'ada@example.com', password });
    expect(first.user.email).toBe('ada@example.com');
    expect(first.rawToken).not.toBe(second.rawToken);
    expect(sessions.sessions.map((s) => s.tokenHash)).toEqual([hashSessionToken(first.rawToken), hashSessionToken(second.rawToken)]);
    expect(sessions.sessions.some((s) => s.tokenHash === first.rawToken)).toBe(false);
  });

  it('refuses an unknown email exactly like a wrong password, after checking a hash all the same', async () => {
    const wrong = await signIn.execute({ email: 'ada@example.com', password: 'nope' }).catch((error: unknown) => error);
    const unknown = await signIn.execute({ email: 'bob@example.com', password: 'nope' }).catch((error: unknown) => error);
    expect(wrong).toMatchObject({ code: 'unauthorized', message: SIGN_IN_REFUSED });
    expect(unknown).toEqual(wrong);
    expect(hasher.verified).toHaveLength(2);
    expect(sessions.sessions).toHaveLength(0);
  });

  it('writes a wrong password in the audit log of every project of the account, and nothing for an unknown email or a success', async () => {
    await signIn.execute({ email: 'ada@example.com', password });
    await expect(signIn.execute({ email: 'bob@example.com', password: 'nope' })).rejects.toMatchObject({ code: 'unauthorized' });
    expect(trail.events).toEqual([]);
    await expect(signIn.execute({ email: 'Ada@example.com', password: 'nope', ip: '203.0.113.9' })).rejects.toMatchObject({ code: 'unauthorized' });
    expect(trail.events.map((e) => e.projectId).sort()).toEqual([teamA, teamB].sort());
    expect(trail.events[0]).toMatchObject({ action: 'auth.sign_in_failed', actor: { type: 'user', id: ada, name: 'Ada' }, resourceId: ada, ip: '203.0.113.9' });
  });

  it('throttles an email after ten failures, with the same message, while successes never count', async () => {
    for (let i = 0; i < 12; i += 1) await signIn.execute({ email: 'ada@example.com', password });
    for (let i = 0; i < FAILED_SIGN_INS_ALLOWED; i += 1) {
      await expect(signIn.execute({ email: 'ada@example.com', password: `guess ${i}` })).rejects.toMatchObject({ code: 'unauthorized' });
    }
    const verifiedBefore = hasher.verified.length;
    const throttled = await signIn.execute({ email: 'Ada@example.com', password }).catch((error: unknown) => error);
    expect(throttled).toMatchObject({ code: 'too_many_requests', message: SIGN_IN_REFUSED, retryAfterSeconds: expect.any(Number) });
    expect(hasher.verified).toHaveLength(verifiedBefore);
  });
});

describe('InProcessFailedSignIns', () => {
  it('forgets failures older than fifteen minutes, and says when the next attempt may be made', async () => {
    const failures = new InProcessFailedSignIns();
    const start = 1_000_000;
    for (let i = 0; i < FAILED_SIGN_INS_ALLOWED; i += 1) await failures.record('x@example.com', start + i * 1000);
    expect(await failures.retryAfterSeconds('X@example.com', start + 10_000)).toBe(15 * 60 - 10);
    expect(await failures.retryAfterSeconds('other@example.com', start + 10_000)).toBeNull();
    expect(await failures.retryAfterSeconds('x@example.com', start + 15 * 60 * 1000 + 1)).toBeNull();
  });
});

describe('sessions', () => {
  it('ends at sign-out and after fourteen idle days, and moves its expiry when used', async () => {
    const users = new InMemoryUserRepository();
    const sessions = new InMemorySessionStore();
    const hasher = new RecordingPasswordHasher();
    const user = { id: randomUUID(), email: 'ada@example.com', name: 'Ada', passwordHash: await hasher.hash('a good long password'), createdAt: new Date() };
    await users.create(user);
    const signIn = new SignInUseCase(users, sessions, hasher, new InProcessFailedSignIns(),
      new RecordFailedSignInUseCase(new InMemoryAuditTrail(), new InMemoryProjectsOfEmail(users, new InMemoryMembershipRepository())));
    const authenticate = new AuthenticateSessionUseCase(sessions, users);
    const day = 24 * 60 * 60 * 1000;

    const { rawToken, session } = await signIn.execute({ email: user.email, password: 'a good long password' });
    const later = new Date(session.createdAt.getTime() + 13 * day);
    expect((await authenticate.execute(rawToken, later)).session.expiresAt).toEqual(new Date(later.getTime() + 14 * day));
    expect((await authenticate.execute(rawToken, new Date(later.getTime() + 13 * day))).user.id).toBe(user.id);
    await expect(authenticate.execute(rawToken, new Date(later.getTime() + 13 * day + 14 * day + 1))).rejects.toMatchObject({ code: 'unauthorized' });

    const next = await signIn.execute({ email: user.email, password: 'a good long password' });
    await new SignOutUseCase(sessions).execute(next.rawToken);
    await expect(authenticate.execute(next.rawToken)).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/sign in again/) });
  });
});
