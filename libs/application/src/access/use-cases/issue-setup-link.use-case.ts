import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { SetupTokenRepository, UserRepository } from '../ports';
import { hashSessionToken } from '../session-secret';

/**
 * Start-up on a database without accounts: a one-time token for the first-run link (only its hash is stored).
 * Every start before the first account is made prints a fresh one; whichever is used first makes the owner, and
 * every link is dead after that. Null once an account exists.
 */
@Injectable()
export class IssueSetupLinkUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly setupTokens: SetupTokenRepository,
  ) {}

  async execute(now = new Date()): Promise<string | null> {
    if (await this.users.any()) return null;
    const rawToken = randomBytes(32).toString('base64url');
    await this.setupTokens.create({ tokenHash: hashSessionToken(rawToken), createdAt: now, usedAt: null });
    return rawToken;
  }
}
