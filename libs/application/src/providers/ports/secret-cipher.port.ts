import { DomainError, type SealedSecret } from '@crucible/domain';

/** A stored value that no key this process holds can open (its key id names the key it needs). */
export class SecretUnreadableError extends Error {
  constructor(readonly keyId: string, reason: string) {
    super(`a stored secret sealed with key ${keyId} cannot be opened: ${reason}`);
    this.name = 'SecretUnreadableError';
  }
}

/** Without a master key nothing is stored: never a plaintext fallback (ARCHITECTURE §15). */
export const noMasterKeyError = () => new DomainError(
  'unavailable',
  'no master key to encrypt secrets with: set CRUCIBLE_SECRET_KEY (base64 of 32 random bytes, e.g. openssl rand -base64 32) and restart',
);

/** Seals secrets at rest (AES-256-GCM, a fresh nonce per value) under the current master key; opens old ones too. */
export abstract class SecretCipher {
  /** Whether a current master key is set; without one `seal` fails with 503 (`noMasterKeyError`). */
  abstract canSeal(): boolean;
  /** The current key's id, or null without one. */
  abstract currentKeyId(): string | null;
  abstract seal(plaintext: string): SealedSecret;
  /** Rejects with SecretUnreadableError when no key held (current or previous) opens it. */
  abstract open(sealed: SealedSecret): string;
}
