import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DomainError, type User } from '@crucible/domain';
import { PasswordHasher, SessionStore, UserRepository } from '../ports';
import { type OpenedSession, openSession } from '../session-secret';
import { FailedSignIns } from '../failed-sign-ins';
import { MAX_PASSWORD_LENGTH } from '../account-rules';

/** The one answer to every refused sign-in, throttled or not: nothing tells which addresses have accounts. */
export const SIGN_IN_REFUSED = 'wrong email or password';

export interface SignedIn extends OpenedSession {
  user: User;
}

/**
 * Email and password. An unknown address is checked against a dummy hash, so it takes as long as a wrong password;
 * both count as failures for that address, and the eleventh within the window is refused before any check.
 */
@Injectable()
export class SignInUseCase {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionStore,
    private readonly hasher: PasswordHasher,
    private readonly failedSignIns: FailedSignIns,
  ) {}

  async execute(input: { email: string; password: string }): Promise<SignedIn> {
    const retryAfter = this.failedSignIns.retryAfterSeconds(input.email);
    if (retryAfter !== null) throw DomainError.tooManyRequests(SIGN_IN_REFUSED, retryAfter);
    const user = await this.users.findByEmail(input.email);
    const passwordHash = user?.passwordHash ?? (await this.dummy());
    const matches = input.password.length <= MAX_PASSWORD_LENGTH && (await this.hasher.verify(passwordHash, input.password));
    if (!user?.passwordHash || !matches) {
      this.failedSignIns.record(input.email);
      throw new DomainError('unauthorized', SIGN_IN_REFUSED);
    }
    return { user, ...(await openSession(this.sessions, user.id)) };
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= this.hasher.hash(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}
