import type { Membership, SetupToken, User } from '@crucible/domain';

export type SetupRedemption = 'redeemed' | 'unknown' | 'used';

export abstract class SetupTokenRepository {
  abstract create(token: SetupToken): Promise<void>;
  abstract find(tokenHash: string): Promise<SetupToken | null>;
  /**
   * In one transaction, serialized against every other redemption: marks the token used and creates the first user
   * with their membership. `used` (nothing written) when the token was used already or any user exists, since the
   * first-run link only ever makes the first account; `unknown` when there is no such token. The caller's unit of
   * work (UnitOfWork) adds the audit event to the transaction.
   */
  abstract redeem(tokenHash: string, at: Date, user: User, owner: Membership): Promise<SetupRedemption>;
}
