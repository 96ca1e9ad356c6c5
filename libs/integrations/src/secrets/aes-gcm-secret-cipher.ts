import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { SecretCipher, SecretUnreadableError, noMasterKeyError } from '@crucible/application';
import type { SealedSecret } from '@crucible/domain';

export const MASTER_KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** A short public name of a key (a hash prefix): which key sealed a value, without revealing the key. */
export const keyIdOf = (key: Buffer): string => createHash('sha256').update('crucible-secret-key:').update(key).digest('hex').slice(0, 16);

/**
 * AES-256-GCM over node:crypto: a fresh 12-byte nonce per value, stored as base64(nonce ‖ tag ‖ ciphertext) beside the
 * sealing key's id. Seals with the current key; opens with whichever held key the id names.
 */
export class AesGcmSecretCipher extends SecretCipher {
  private readonly keys = new Map<string, Buffer>();
  private readonly current: { id: string; key: Buffer } | null;

  constructor(current: Buffer | null, previous: Buffer[] = []) {
    super();
    for (const key of [current, ...previous]) {
      if (key && key.length !== MASTER_KEY_BYTES) throw new Error(`a master key must be ${MASTER_KEY_BYTES} bytes`);
    }
    this.current = current ? { id: keyIdOf(current), key: current } : null;
    for (const key of previous) this.keys.set(keyIdOf(key), key);
    if (this.current) this.keys.set(this.current.id, this.current.key);
  }

  canSeal(): boolean {
    return this.current !== null;
  }

  currentKeyId(): string | null {
    return this.current?.id ?? null;
  }

  seal(plaintext: string): SealedSecret {
    if (!this.current) throw noMasterKeyError();
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, nonce);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { keyId: this.current.id, ciphertext: Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64') };
  }

  open(sealed: SealedSecret): string {
    const key = this.keys.get(sealed.keyId);
    if (!key) throw new SecretUnreadableError(sealed.keyId, 'neither CRUCIBLE_SECRET_KEY nor CRUCIBLE_SECRET_KEY_PREVIOUS is that key');
    const raw = Buffer.from(sealed.ciphertext, 'base64');
    if (raw.length < NONCE_BYTES + TAG_BYTES) throw new SecretUnreadableError(sealed.keyId, 'the stored value is truncated');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE_BYTES));
      decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretUnreadableError(sealed.keyId, 'it fails authentication (altered, or sealed with another key of the same id)');
    }
  }
}
