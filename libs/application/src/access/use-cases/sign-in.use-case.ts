import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DomainError, type User } from '@crucible/domain';
import { FailedSignIns, PasswordHasher, SessionStore, UserRepository } from '../ports';
import { type OpenedSession, openSession } from '../session-secret';
import { MAX_PASSWORD_LENGTH } from '../account-rules';
import { RecordFailedSignInUseCase } from '../../audit/use-cases/record-failed-sign-in.use-case';

/** The one answer to every refused sign-in, throttled or not: nothing tells which addresses have accounts. */
export const SIGN_IN_REFUSED = 'wrong email or password';

export interface SignedIn extends OpenedSession {
  user: User;
}

/**
 * Email and password. An unknown address is checked against a dummy hash, so it takes as long as a wrong password;
 * both count as failures for that address, and the eleventh within the window is refused before any check. A wrong
 * password is written in the audit log of each of the account's projects; a throttled attempt checks nothing and writes
 * nothing.
 */
@Injectable()
export class SignInUseCase {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionStore,
    private readonly hasher: PasswordHasher,
    private readonly failedSignIns: FailedSignIns,
    private readonly recordFailedSignIn: RecordFailedSignInUseCase,
  ) {}

  async execute(input: { email: string; password: string; ip?: string | null }): Promise<SignedIn> {
    const retryAfter = await this.failedSignIns.retryAfterSeconds(input.email);
    if (retryAfter !== null) throw DomainError.tooManyRequests(SIGN_IN_REFUSED, retryAfter);
    const user = await this.users.findByEmail(input.email);
    const passwordHash = user?.passwordHash ?? (await this.dummy());
    const matches = input.password.length <= MAX_PASSWORD_LENGTH && (await this.hasher.verify(passwordHash, input.password));
    if (!user?.passwordHash || !matches) {
      await this.failedSignIns.record(input.email);
      // In every project of the account; an unknown address writes nothing (there is no project to write to).
      await this.recordFailedSignIn.execute({ email: input.email, ip: input.ip ?? null });
      throw new DomainError('unauthorized', SIGN_IN_REFUSED);
    }
    return { user, ...(await openSession(this.sessions, user.id)) };
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= this.hasher.hash(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}
