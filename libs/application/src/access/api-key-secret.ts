import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ApiKey, ApiKeyRole } from '@crucible/domain';

const KEY_PREFIX = 'crc_';
/** A chosen key is an admin's password to everything: shorter ones fall to guessing (generated keys have 36). */
export const MIN_BOOTSTRAP_KEY_LENGTH = 32;

/** Keys are 192 random bits, so a plain SHA-256 is enough at rest (no password-style stretching needed). */
export function hashApiKey(rawKey: string): string {
  return createHash('sha256').update(rawKey).digest('hex');
}

export function generateRawApiKey(): string {
  return KEY_PREFIX + randomBytes(24).toString('base64url');
}

/** A key's listed identifier: drawn apart from the secret, so showing it reveals nothing of the key. */
export function generateKeyPrefix(): string {
  return KEY_PREFIX + randomBytes(6).toString('base64url');
}

export interface IssuedApiKey {
  key: ApiKey;
  rawKey: string;
}

export function issueApiKey(
  projectId: string, name: string, role: ApiKeyRole, options: { rawKey?: string; createdBy?: string } = {},
): IssuedApiKey {
  const rawKey = options.rawKey ?? generateRawApiKey();
  return {
    rawKey,
    key: {
      id: randomUUID(),
      projectId,
      name,
      prefix: generateKeyPrefix(),
      keyHash: hashApiKey(rawKey),
      role,
      createdAt: new Date(),
      revokedAt: null,
      createdBy: options.createdBy ?? null,
      lastUsedAt: null,
    },
  };
}
