import { timingSafeEqual } from 'node:crypto';
import { DomainError } from '@crucible/domain';
import { type OidcCallback, OidcClient, type OidcIdentity, type OidcSignInStart } from '@crucible/application';
import { SIGN_IN_ATTEMPT_LIFETIME_MS, attemptKey, openAttempt, sealAttempt } from './sign-in-attempt';

type OpenIdClient = typeof import('openid-client');
type Configuration = import('openid-client').Configuration;

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the sign-in page's button names; default: the issuer's host. */
  name?: string;
}

const SCOPE = 'openid email profile';
const TIMEOUT_SECONDS = 10;

const sameText = (a: string, b: string): boolean => {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
};

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const START_AGAIN = 'start again from the sign-in page';

/**
 * OpenID Connect through `openid-client` (an ES module, loaded on first use so processes without SSO never load it):
 * authorization code with PKCE (S256), state and nonce, the ID token checked by the library. The discovery document is
 * read once; a failed read is tried again on the next sign-in.
 */
export class OpenIdConnectClient extends OidcClient {
  readonly displayName: string;
  private readonly key: Buffer;
  private configuration: Promise<{ lib: OpenIdClient; config: Configuration }> | undefined;

  constructor(private readonly settings: OidcClientSettings) {
    super();
    this.displayName = settings.name?.trim() || new URL(settings.issuer).host;
    this.key = attemptKey(settings.clientSecret);
  }

  async start(redirectUri: string): Promise<OidcSignInStart> {
    const { lib, config } = await this.discovered();
    const [state, nonce, codeVerifier] = [lib.randomState(), lib.randomNonce(), lib.randomPKCECodeVerifier()];
    const url = lib.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri, scope: SCOPE, state, nonce,
      code_challenge: await lib.calculatePKCECodeChallenge(codeVerifier), code_challenge_method: 'S256',
    });
    const attempt = sealAttempt(this.key, { state, nonce, codeVerifier, redirectUri, expiresAt: Date.now() + SIGN_IN_ATTEMPT_LIFETIME_MS });
    return { authorizationUrl: url.href, attempt };
  }

  async finish(callback: OidcCallback): Promise<OidcIdentity> {
    if (!callback.attempt) {
      throw new DomainError('rule_violation', `this browser has no single sign-on under way (it did not start here, or its cookie expired after 10 minutes): ${START_AGAIN}`);
    }
    const attempt = openAttempt(this.key, callback.attempt, new Date());
    if (!attempt) throw new DomainError('rule_violation', `this single sign-on expired or its cookie was changed: ${START_AGAIN}`);
    const state = callback.query.get('state');
    if (!state || !sameText(state, attempt.state)) {
      throw new DomainError('rule_violation', `the state the identity provider sent back does not match the sign-in this browser started: ${START_AGAIN}`);
    }
    const refusal = callback.query.get('error');
    if (refusal) {
      const description = callback.query.get('error_description');
      throw new DomainError('forbidden', `the identity provider did not sign you in (${refusal}${description ? `: ${description}` : ''})`);
    }
    if (!callback.query.get('code')) throw new DomainError('rule_violation', `the identity provider sent no authorization code: ${START_AGAIN}`);
    const { lib, config } = await this.discovered();
    const current = new URL(attempt.redirectUri);
    current.search = callback.query.toString();
    try {
      const tokens = await lib.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: attempt.codeVerifier, expectedState: attempt.state, expectedNonce: attempt.nonce, idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the token endpoint sent no ID token');
      // Providers that follow the spec to the letter put profile claims in userinfo, not the ID token.
      const source = typeof claims['email'] === 'string' ? claims : await lib.fetchUserInfo(config, tokens.access_token, claims.sub);
      const { email, email_verified: verified, name } = source as Record<string, unknown>;
      return {
        subject: claims.sub,
        email: typeof email === 'string' && email.trim() ? email : null,
        // A few providers send the flag as a string.
        emailVerified: verified === true || verified === 'true',
        name: typeof name === 'string' ? name : null,
      };
    } catch (error) {
      if (error instanceof lib.ResponseBodyError && error.error === 'invalid_grant') {
        throw new DomainError('rule_violation', `the identity provider refused the code (used already, or expired): ${START_AGAIN}`);
      }
      throw new DomainError('upstream_failure', `the identity provider at ${this.settings.issuer} did not complete the sign-in: ${messageOf(error)}`);
    }
  }

  private discovered(): Promise<{ lib: OpenIdClient; config: Configuration }> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = undefined;
      throw new DomainError('upstream_failure', `the identity provider at ${this.settings.issuer} could not be reached: ${messageOf(error)}`);
    });
    return this.configuration;
  }

  private async discover(): Promise<{ lib: OpenIdClient; config: Configuration }> {
    const lib = await import('openid-client');
    // The issuer is the operator's (an environment variable), not a user's: like OPENAI_BASE_URL, not behind the outbound guard.
    const { issuer, clientId, clientSecret } = this.settings;
    // An http issuer is the operator's own choice (a provider on the same host or network, a test).
    const execute = issuer.startsWith('http:') ? [lib.allowInsecureRequests] : [];
    const config = await lib.discovery(new URL(issuer), clientId, undefined, lib.ClientSecretBasic(clientSecret), {
      execute, timeout: TIMEOUT_SECONDS,
    });
    return { lib, config };
  }
}
