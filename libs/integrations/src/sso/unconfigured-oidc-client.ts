import { DomainError } from '@crucible/domain';
import { OidcClient, type OidcIdentity, type OidcSignInStart } from '@crucible/application';

const NOT_CONFIGURED = 'single sign-on is not configured on this server: set CRUCIBLE_OIDC_ISSUER, CRUCIBLE_OIDC_CLIENT_ID and CRUCIBLE_OIDC_CLIENT_SECRET';

/** Without the three OIDC variables the SSO routes answer 404, and the sign-in page offers passwords only. */
export class UnconfiguredOidcClient extends OidcClient {
  readonly displayName = null;

  async start(): Promise<OidcSignInStart> {
    throw new DomainError('not_found', NOT_CONFIGURED);
  }

  async finish(): Promise<OidcIdentity> {
    throw new DomainError('not_found', NOT_CONFIGURED);
  }
}
