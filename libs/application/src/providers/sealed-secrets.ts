import { type ConnectionSecrets, DomainError, type SealedSecret } from '@crucible/domain';
import { SecretCipher, SecretUnreadableError, noMasterKeyError } from './ports/secret-cipher.port';

/** Seals a connection's key and headers together; nothing to seal stores nothing. */
export function sealSecrets(cipher: SecretCipher, secrets: ConnectionSecrets): SealedSecret | null {
  const hasHeaders = secrets.headers !== undefined && Object.keys(secrets.headers).length > 0;
  if (!secrets.apiKey && !hasHeaders) return null;
  if (!cipher.canSeal()) throw noMasterKeyError();
  return cipher.seal(JSON.stringify({ apiKey: secrets.apiKey, headers: hasHeaders ? secrets.headers : undefined }));
}

/** Opens them for a call; a value no key held can open is a 503 naming the variable, not a 500. */
export function openSecrets(cipher: SecretCipher, sealed: SealedSecret | null): ConnectionSecrets {
  if (!sealed) return {};
  try {
    return JSON.parse(cipher.open(sealed)) as ConnectionSecrets;
  } catch (error) {
    if (!(error instanceof SecretUnreadableError)) throw error;
    throw new DomainError('unavailable', `${error.message}; set CRUCIBLE_SECRET_KEY (or CRUCIBLE_SECRET_KEY_PREVIOUS) to the key it was sealed with`);
  }
}
