import { Injectable } from '@nestjs/common';
import { OidcClient } from '../ports';

export interface SignInMethods {
  password: true;
  oidc: { enabled: boolean; name?: string };
}

/** What the sign-in page offers: always email and password, and single sign-on when it is configured. */
@Injectable()
export class GetSignInMethodsUseCase {
  constructor(private readonly oidc: OidcClient) {}

  execute(): SignInMethods {
    const name = this.oidc.displayName;
    return { password: true, oidc: name === null ? { enabled: false } : { enabled: true, name } };
  }
}
