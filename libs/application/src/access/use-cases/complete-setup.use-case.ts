import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DomainError, type Membership, type Project, type User } from '@crucible/domain';
import { PasswordHasher, ProjectRepository, SessionStore, SetupTokenRepository } from '../ports';
import { hashSessionToken, openSession } from '../session-secret';
import { memberJoined, redeemWithEvent } from '../member-joined';
import { assertAcceptablePassword, newAccountFields } from '../account-rules';
import type { SignedIn } from './sign-in.use-case';
import { AuditTrail } from '../../audit/ports';
import { UnitOfWork } from '../../shared/unit-of-work';

const USED = 'this setup link was used already: the first account exists, sign in instead';

export interface SetUp extends SignedIn {
  project: Project;
}

/** The first-run link: makes the first account, owner of the default project, and signs it in. Single use. */
@Injectable()
export class CompleteSetupUseCase {
  constructor(
    private readonly setupTokens: SetupTokenRepository,
    private readonly projects: ProjectRepository,
    private readonly sessions: SessionStore,
    private readonly hasher: PasswordHasher,
    private readonly trail: AuditTrail,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(input: { token: string; email: string; name: string; password: string; ip?: string | null }): Promise<SetUp> {
    const tokenHash = hashSessionToken(input.token);
    const token = await this.setupTokens.find(tokenHash);
    if (!token) throw new DomainError('not_found', 'unknown setup link: use the link the api printed when it started');
    if (token.usedAt) throw new DomainError('gone', USED);
    const fields = newAccountFields(input);
    assertAcceptablePassword(input.password);
    const project = await this.projects.findDefault();
    if (!project) throw new DomainError('invalid_state', 'there is no default project yet: restart the api');
    const now = new Date();
    const user: User = { id: randomUUID(), ...fields, passwordHash: await this.hasher.hash(input.password), createdAt: now };
    const owner: Membership = { projectId: project.id, userId: user.id, role: 'owner', joinedAt: now };
    const joined = memberJoined(user, owner, 'completed the first-run setup', input.ip ?? null);
    // The account, the membership and the event of the owner joining commit together.
    const redeemed = await redeemWithEvent(this.unitOfWork, this.trail, () => this.setupTokens.redeem(tokenHash, now, user, owner), joined, 'redeemed');
    if (redeemed === 'unknown') throw new DomainError('not_found', 'unknown setup link: use the link the api printed when it started');
    if (redeemed === 'used') throw new DomainError('gone', USED);
    return { user, project, ...(await openSession(this.sessions, user.id, now)) };
  }
}
