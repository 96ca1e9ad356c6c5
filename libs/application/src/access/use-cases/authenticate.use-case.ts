import { Injectable } from '@nestjs/common';
import { type Actor, DomainError } from '@crucible/domain';
import { ApiKeyRepository } from '../ports';
import { hashApiKey } from '../api-key-secret';

/** How long another api process may accept a key it did not see revoked; this process forgets it at once. */
const AUTHENTICATED_KEY_TTL_MS = 5_000;

interface Known {
  actor: Actor;
  expiresAt: number;
}

/** Every request names its key: known keys are held in memory (never unknown ones), so a call reads no database for it. */
@Injectable()
export class AuthenticateUseCase {
  private readonly known = new Map<string, Known>();

  constructor(private readonly apiKeys: ApiKeyRepository) {}

  async execute(rawKey: string | undefined): Promise<Actor> {
    if (!rawKey) throw new DomainError('unauthorized', 'missing API key: send "Authorization: ApiKey <key>"');
    const hash = hashApiKey(rawKey);
    const held = this.known.get(hash);
    if (held && held.expiresAt > Date.now()) return held.actor;
    const key = await this.apiKeys.findByHash(hash);
    // A revoked key answers like an unknown one: nothing tells a caller which keys once existed.
    if (!key || key.revokedAt) {
      this.known.delete(hash);
      throw new DomainError('unauthorized', 'invalid API key');
    }
    const actor: Actor = { projectId: key.projectId, type: 'api_key', id: key.id, name: key.name, role: key.role };
    this.known.set(hash, { actor, expiresAt: Date.now() + AUTHENTICATED_KEY_TTL_MS });
    return actor;
  }

  /** A revoked key stops working in this process at once. */
  forget(keyId: string): void {
    for (const [hash, held] of this.known) if (held.actor.id === keyId) this.known.delete(hash);
  }
}
