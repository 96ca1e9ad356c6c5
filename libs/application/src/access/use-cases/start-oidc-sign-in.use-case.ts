import { Injectable } from '@nestjs/common';
import { OidcClient, type OidcSignInStart } from '../ports';

/** "Sign in with SSO": where to send the browser, and the sealed attempt it keeps until the provider sends it back. */
@Injectable()
export class StartOidcSignInUseCase {
  constructor(private readonly oidc: OidcClient) {}

  execute(input: { redirectUri: string }): Promise<OidcSignInStart> {
    return this.oidc.start(input.redirectUri);
  }
}
