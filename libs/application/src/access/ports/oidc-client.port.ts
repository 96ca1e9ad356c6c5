import type { ProjectRole } from '@crucible/domain';

/** Who the identity provider says signed in, from the ID token's claims (the userinfo endpoint's when it has none). */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  /** Only `email_verified: true` counts: an address the provider did not check could be anybody's. */
  emailVerified: boolean;
  name: string | null;
}

export interface OidcSignInStart {
  /** Where the browser goes to sign in: the provider's authorization endpoint with state, nonce and a PKCE challenge. */
  authorizationUrl: string;
  /** The state, nonce and PKCE verifier, sealed: the browser keeps it in a short-lived cookie until the callback. */
  attempt: string;
}

export interface OidcCallback {
  redirectUri: string;
  /** The callback's query string as the provider sent it (code and state, or error). */
  query: URLSearchParams;
  /** The sealed attempt from the cookie, if the browser sent one. */
  attempt: string | undefined;
}

/**
 * Single sign-on with OpenID Connect (authorization code with PKCE). The protocol (discovery, state, nonce, the code
 * exchange and the ID token's checks) lives behind this port; who may sign in is the use cases' business.
 * Refuses with `not_found` when single sign-on is not configured, `rule_violation` for a callback whose state does not
 * match its attempt (or has none), `forbidden` when the provider answered with an error, `upstream_failure` when the
 * provider cannot be reached or its answer fails the checks.
 */
export abstract class OidcClient {
  /** The name the sign-in page shows; null when single sign-on is not configured. */
  abstract readonly displayName: string | null;
  abstract start(redirectUri: string): Promise<OidcSignInStart>;
  abstract finish(callback: OidcCallback): Promise<OidcIdentity>;
}

/** Who gets an account on a first sign-in without an invitation (CRUCIBLE_OIDC_AUTO_JOIN_ROLE). */
export abstract class OidcSignInPolicy {
  /** The role in the default project; null lets in only addresses with an account or a pending invitation. */
  abstract readonly autoJoinRole: ProjectRole | null;
}
