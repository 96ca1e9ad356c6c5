import { Injectable } from '@nestjs/common';
import { SessionStore } from '../ports';
import { hashSessionToken } from '../session-secret';

/** Ends the session on the server: its cookie, replayed later, signs nobody in. */
@Injectable()
export class SignOutUseCase {
  constructor(private readonly sessions: SessionStore) {}

  async execute(rawToken: string): Promise<void> {
    await this.sessions.delete(hashSessionToken(rawToken));
  }
}
