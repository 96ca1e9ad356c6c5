import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ApiKey, ApiKeyRole } from '@crucible/domain';

const KEY_PREFIX = 'crc_';

/** Keys are 192 random bits, so a plain SHA-256 is enough at rest (no password-style stretching needed). */
export function hashApiKey(rawKey: string): string {
  return createHash('sha256').update(rawKey).digest('hex');
}

export function generateRawApiKey(): string {
  return KEY_PREFIX + randomBytes(24).toString('base64url');
}

export interface IssuedApiKey {
  key: ApiKey;
  rawKey: string;
}

export function issueApiKey(projectId: string, name: string, role: ApiKeyRole, rawKey = generateRawApiKey()): IssuedApiKey {
  return {
    rawKey,
    key: {
      id: randomUUID(),
      projectId,
      name,
      prefix: rawKey.slice(0, 8),
      keyHash: hashApiKey(rawKey),
      role,
      createdAt: new Date(),
    },
  };
}
