import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { MASTER_KEY_BYTES } from './aes-gcm-secret-cipher';

export const MASTER_KEY_FILE = 'secret.key';

/** A master key written as base64 of exactly 32 bytes, or null. */
export function decodeMasterKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === MASTER_KEY_BYTES ? key : null;
}

/**
 * Embedded mode without CRUCIBLE_SECRET_KEY: the key generated into the data directory on first start (mode 0600,
 * created exclusively so two starts cannot write two keys), read on later ones.
 */
export function embeddedMasterKey(dataDir: string): Buffer {
  const path = join(dataDir, MASTER_KEY_FILE);
  if (!existsSync(path)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(path, `${randomBytes(MASTER_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(path, 0o600);
  const key = decodeMasterKey(readFileSync(path, 'utf8'));
  if (!key) throw new Error(`${path} does not hold a master key (base64 of 32 bytes): restore it from a backup, or set CRUCIBLE_SECRET_KEY`);
  return key;
}
