import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, KEY_USE_RECORDED_EVERY_MS } from '@crucible/domain';
import { ApiKeyRepository } from '../ports';
import { ChangeMarks, NoChangeMarks } from '../../shared/change-marks';
import { hashApiKey } from '../api-key-secret';

/**
 * How long a key is held at most. Any key's creation or revocation, by any process, drops what is held as soon as this
 * process hears of it (its `api_keys` change mark); the time bounds it when nobody listens.
 */
const AUTHENTICATED_KEY_TTL_MS = 5_000;
/** Keys whose last recorded use is remembered; past it, the memory starts over (a key then writes once more). */
const USES_KEPT = 10_000;

interface Known {
  actor: Actor;
  expiresAt: number;
  /** The keys' change mark before the key was read: held while it stands. */
  mark: string | null;
}

/** Every request names its key: known keys are held in memory (never unknown ones), so a call reads no database for it. */
@Injectable()
export class AuthenticateUseCase {
  private readonly known = new Map<string, Known>();
  /** When this process last wrote each key's `lastUsedAt`: a busy key writes once a minute, not on every request. */
  private readonly recordedAt = new Map<string, number>();
  /** Counts the keys forgotten: a lookup that began before a key was forgotten may hold it as it was, so it is not kept. */
  private forgotten = 0;

  constructor(private readonly apiKeys: ApiKeyRepository, private readonly marks: ChangeMarks = new NoChangeMarks()) {}

  async execute(rawKey: string | undefined): Promise<Actor> {
    if (!rawKey) throw new DomainError('unauthorized', 'missing API key: send "Authorization: ApiKey <key>"');
    const hash = hashApiKey(rawKey);
    const held = this.known.get(hash);
    const mark = this.marks.markOf('api_keys');
    if (held && held.expiresAt > Date.now() && held.mark === mark) {
      await this.recordUse(held.actor.id);
      return held.actor;
    }
    const forgottenBefore = this.forgotten;
    const key = await this.apiKeys.findByHash(hash);
    // A revoked key answers like an unknown one: nothing tells a caller which keys once existed.
    if (!key || key.revokedAt) {
      this.known.delete(hash);
      throw new DomainError('unauthorized', 'invalid API key');
    }
    const actor: Actor = { projectId: key.projectId, type: 'api_key', id: key.id, name: key.name, role: key.role };
    if (this.forgotten === forgottenBefore) this.known.set(hash, { actor, expiresAt: Date.now() + AUTHENTICATED_KEY_TTL_MS, mark });
    await this.recordUse(actor.id);
    return actor;
  }

  /** A failed write is tried again by the key's next request rather than failing this one. */
  private async recordUse(keyId: string): Promise<void> {
    const now = Date.now();
    const last = this.recordedAt.get(keyId);
    if (last !== undefined && now - last < KEY_USE_RECORDED_EVERY_MS) return;
    if (this.recordedAt.size >= USES_KEPT) this.recordedAt.clear();
    this.recordedAt.set(keyId, now);
    try {
      await this.apiKeys.recordUse(keyId, new Date(now));
    } catch {
      this.recordedAt.delete(keyId);
    }
  }

  /** A revoked key stops working in this process at once. */
  forget(keyId: string): void {
    this.forgotten += 1;
    for (const [hash, held] of this.known) if (held.actor.id === keyId) this.known.delete(hash);
  }
}
