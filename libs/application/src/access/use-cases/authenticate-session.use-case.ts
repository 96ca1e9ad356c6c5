import { Injectable } from '@nestjs/common';
import { DomainError, type Session, type User } from '@crucible/domain';
import { SessionStore, UserRepository } from '../ports';
import { hashSessionToken } from '../session-secret';

export interface AuthenticatedSession {
  user: User;
  session: Session;
}

/** The session cookie's token: a live session moves its idle expiry forward; an ended or expired one signs nobody in. */
@Injectable()
export class AuthenticateSessionUseCase {
  constructor(
    private readonly sessions: SessionStore,
    private readonly users: UserRepository,
  ) {}

  async execute(rawToken: string, now = new Date()): Promise<AuthenticatedSession> {
    const session = await this.sessions.touch(hashSessionToken(rawToken), now);
    const user = session ? await this.users.findById(session.userId) : null;
    if (!session || !user) throw new DomainError('unauthorized', 'the session has ended (signed out, or unused for 14 days): sign in again');
    return { user, session };
  }
}
