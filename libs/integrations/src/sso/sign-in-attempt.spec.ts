import { type SignInAttempt, attemptKey, openAttempt, sealAttempt } from './sign-in-attempt';

describe('the sealed single sign-on attempt', () => {
  const key = attemptKey('the client secret');
  const now = new Date('2026-11-28T12:00:00Z');
  const attempt: SignInAttempt = {
    state: 'state', nonce: 'nonce', codeVerifier: 'verifier', redirectUri: 'http://localhost:8000/auth/oidc/callback', expiresAt: now.getTime() + 1000,
  };

  it('opens with the same client secret until it expires, and its text shows nothing of what it holds', () => {
    const sealed = sealAttempt(key, attempt);
    expect(sealed).not.toContain('verifier');
    expect(Buffer.from(sealed, 'base64url').toString('utf8')).not.toContain('verifier');
    expect(openAttempt(attemptKey('the client secret'), sealed, now)).toEqual(attempt);
    expect(openAttempt(key, sealed, new Date(attempt.expiresAt))).toBeNull();
  });

  it('does not open when changed, cut short, or sealed with another secret', () => {
    const sealed = sealAttempt(key, attempt);
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(openAttempt(key, bytes.toString('base64url'), now)).toBeNull();
    expect(openAttempt(key, sealed.slice(0, 20), now)).toBeNull();
    expect(openAttempt(key, 'not even base64 !', now)).toBeNull();
    expect(openAttempt(attemptKey('another secret'), sealed, now)).toBeNull();
  });
});
