import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A browser has this long between "Sign in with SSO" and the provider sending it back. */
export const SIGN_IN_ATTEMPT_LIFETIME_MS = 10 * 60 * 1000;

/** What the callback must match: kept by the browser in a cookie, sealed so it can neither read nor change it. */
export interface SignInAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  expiresAt: number;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The sealing key comes from the client secret, which the server always has when single sign-on is on and nobody
 * but the provider shares: no further secret to configure, and every api instance derives the same key.
 */
export function attemptKey(clientSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', clientSecret, 'crucible', 'oidc sign-in attempt', 32));
}

/** AES-256-GCM: the tag makes any change to the cookie fail to open. */
export function sealAttempt(key: Buffer, attempt: SignInAttempt): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(attempt), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The attempt, or null when the value was not sealed with this key, was changed, or has expired at `now`. */
export function openAttempt(key: Buffer, value: string, now: Date): SignInAttempt | null {
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    const attempt = JSON.parse(text) as SignInAttempt;
    return attempt.expiresAt > now.getTime() ? attempt : null;
  } catch {
    return null;
  }
}
