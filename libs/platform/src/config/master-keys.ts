import { randomBytes } from 'node:crypto';
import type { DatabaseConfig } from '@crucible/persistence';
import { AesGcmSecretCipher, MASTER_KEY_BYTES, decodeMasterKey, embeddedMasterKey } from '@crucible/integrations';
import type { CrucibleEnvironment } from './environment.schema';

/**
 * The master keys (ARCHITECTURE §15): CRUCIBLE_SECRET_KEY seals; CRUCIBLE_SECRET_KEY_PREVIOUS only opens. Embedded mode
 * without one uses the data directory's `secret.key` (generated on first start); an in-memory database a key of its
 * own lifetime. Distributed mode without one has none: storing a secret answers 503.
 */
export function secretCipherOf(env: CrucibleEnvironment, database: DatabaseConfig): AesGcmSecretCipher {
  const decoded = (value: string | undefined) => (value ? decodeMasterKey(value) : null);
  let current = decoded(env.CRUCIBLE_SECRET_KEY);
  if (!current && database.kind === 'pglite') {
    current = database.dataDir ? embeddedMasterKey(database.dataDir) : randomBytes(MASTER_KEY_BYTES);
  }
  const previous = decoded(env.CRUCIBLE_SECRET_KEY_PREVIOUS);
  return new AesGcmSecretCipher(current, previous ? [previous] : []);
}
