import { randomUUID } from 'node:crypto';
import {
  type Membership, type Project, type ProjectRole, type Session, type SetupToken, type User, DomainError,
  normalizeEmail, sessionExpiry,
} from '@crucible/domain';
import {
  type MemberProject, MembershipRepository, PasswordHasher, SessionStore, type SetupRedemption, SetupTokenRepository, UserRepository,
} from '../access/ports';
import { type MembershipOfEmail, ProjectsOfEmail } from '../audit/ports';

export class InMemoryUserRepository extends UserRepository {
  readonly users: User[] = [];

  async findByEmail(email: string): Promise<User | null> {
    return structuredClone(this.users.find((user) => normalizeEmail(user.email) === normalizeEmail(email)) ?? null);
  }

  async findById(userId: string): Promise<User | null> {
    return structuredClone(this.users.find((user) => user.id === userId) ?? null);
  }

  async create(user: User): Promise<void> {
    if (await this.findByEmail(user.email)) throw new DomainError('conflict', `an account with the email ${user.email} exists already`);
    this.users.push(structuredClone(user));
  }

  async setPassword(userId: string, passwordHash: string | null): Promise<boolean> {
    const user = this.users.find((candidate) => candidate.id === userId);
    if (user) user.passwordHash = passwordHash;
    return Boolean(user);
  }

  async rename(userId: string, name: string): Promise<boolean> {
    const user = this.users.find((candidate) => candidate.id === userId);
    if (user) user.name = name;
    return Boolean(user);
  }

  async any(): Promise<boolean> {
    return this.users.length > 0;
  }
}

export class InMemoryMembershipRepository extends MembershipRepository {
  readonly projects: Project[] = [];
  readonly memberships: Membership[] = [];

  async listProjectsOf(userId: string): Promise<MemberProject[]> {
    return this.memberships.filter((m) => m.userId === userId)
      .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.projectId.localeCompare(b.projectId))
      .flatMap((m) => {
        const project = this.projects.find((candidate) => candidate.id === m.projectId);
        return project ? [{ project: structuredClone(project), role: m.role }] : [];
      });
  }

  async findRole(projectId: string, userId: string): Promise<ProjectRole | null> {
    return this.find(projectId, userId)?.role ?? null;
  }

  async add(membership: Membership): Promise<void> {
    if (this.find(membership.projectId, membership.userId)) {
      throw new DomainError('conflict', `user ${membership.userId} is a member of project ${membership.projectId} already`);
    }
    this.memberships.push(structuredClone(membership));
  }

  async createProjectWithOwner(project: Project, owner: Membership): Promise<void> {
    this.projects.push(structuredClone(project));
    this.memberships.push(structuredClone(owner));
  }

  private find(projectId: string, userId: string): Membership | undefined {
    return this.memberships.find((m) => m.projectId === projectId && m.userId === userId);
  }
}

export class InMemorySessionStore extends SessionStore {
  readonly sessions: Session[] = [];

  async create(session: Session): Promise<void> {
    this.sessions.push(structuredClone(session));
  }

  async touch(tokenHash: string, now: Date): Promise<Session | null> {
    const session = this.sessions.find((candidate) => candidate.tokenHash === tokenHash);
    if (!session) return null;
    if (session.expiresAt.getTime() <= now.getTime()) {
      await this.delete(tokenHash);
      return null;
    }
    session.lastSeenAt = now;
    session.expiresAt = sessionExpiry(now);
    return structuredClone(session);
  }

  async delete(tokenHash: string): Promise<boolean> {
    const index = this.sessions.findIndex((session) => session.tokenHash === tokenHash);
    if (index >= 0) this.sessions.splice(index, 1);
    return index >= 0;
  }

  async deleteAllOf(userId: string): Promise<number> {
    const before = this.sessions.length;
    this.sessions.splice(0, this.sessions.length, ...this.sessions.filter((session) => session.userId !== userId));
    return before - this.sessions.length;
  }
}

export class InMemorySetupTokenRepository extends SetupTokenRepository {
  readonly tokens: SetupToken[] = [];

  constructor(
    private readonly users: InMemoryUserRepository,
    private readonly memberships: InMemoryMembershipRepository,
  ) {
    super();
  }

  async create(token: SetupToken): Promise<void> {
    this.tokens.push(structuredClone(token));
  }

  async find(tokenHash: string): Promise<SetupToken | null> {
    return structuredClone(this.tokens.find((token) => token.tokenHash === tokenHash) ?? null);
  }

  async redeem(tokenHash: string, at: Date, user: User, owner: Membership): Promise<SetupRedemption> {
    const token = this.tokens.find((candidate) => candidate.tokenHash === tokenHash);
    if (!token) return 'unknown';
    if (token.usedAt || (await this.users.any())) return 'used';
    token.usedAt = at;
    await this.users.create(user);
    await this.memberships.add(owner);
    return 'redeemed';
  }
}

/** Stands in for argon2 in use-case tests, and records what it was asked to check. */
export class RecordingPasswordHasher extends PasswordHasher {
  readonly verified: string[] = [];

  async hash(password: string): Promise<string> {
    return `hashed:${password}:${randomUUID()}`;
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    this.verified.push(passwordHash);
    return passwordHash.startsWith(`hashed:${password}:`);
  }
}

/** The memberships of an address, read from the in-memory accounts as the database adapter joins them. */
export class InMemoryProjectsOfEmail extends ProjectsOfEmail {
  constructor(private readonly users: InMemoryUserRepository, private readonly memberships: InMemoryMembershipRepository) {
    super();
  }

  async find(email: string): Promise<MembershipOfEmail[]> {
    const user = await this.users.findByEmail(email);
    if (!user) return [];
    return this.memberships.memberships.filter((m) => m.userId === user.id)
      .map((m) => ({ projectId: m.projectId, userId: user.id, userName: user.name }));
  }
}
