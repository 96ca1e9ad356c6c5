import { SecretCipher, SecretUnreadableError } from './ports/secret-cipher.port';
import { SecretKeyCheckRepository } from './ports/secret-key-check-repository.port';

const KEY_CHECK_PLAINTEXT = 'crucible secret key check';

/** A well-formed master key that is not the one the stored secrets were sealed with: start-up stops with this. */
export class SecretKeyMismatchError extends Error {
  constructor(keyId: string) {
    super(
      `CRUCIBLE_SECRET_KEY does not open this database's secrets (they were sealed with key ${keyId}): set CRUCIBLE_SECRET_KEY ` +
      'to that key, or give it as CRUCIBLE_SECRET_KEY_PREVIOUS beside the new one and run `crucible admin rotate-secrets`',
    );
    this.name = 'SecretKeyMismatchError';
  }
}

/**
 * Run at start: the first process with a key seals the check value; every later one must open it (with the current
 * key or CRUCIBLE_SECRET_KEY_PREVIOUS). Without any key nothing is checked: storing a secret answers 503 instead.
 */
export async function verifySecretKey(cipher: SecretCipher, checks: SecretKeyCheckRepository): Promise<void> {
  if (!cipher.canSeal()) return;
  let stored = await checks.read();
  if (!stored) {
    await checks.create(cipher.seal(KEY_CHECK_PLAINTEXT));
    stored = await checks.read(); // another process may have written its own first
    if (!stored) return;
  }
  try {
    if (cipher.open(stored) === KEY_CHECK_PLAINTEXT) return;
  } catch (error) {
    if (!(error instanceof SecretUnreadableError)) throw error;
  }
  throw new SecretKeyMismatchError(stored.keyId);
}
