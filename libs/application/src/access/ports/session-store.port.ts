import type { Session } from '@crucible/domain';

export abstract class SessionStore {
  abstract create(session: Session): Promise<void>;
  /**
   * The live session with that token hash, its `lastSeenAt` moved to `now` and its expiry with it; null when there
   * is none or it had expired at `now` (an expired one is deleted).
   */
  abstract touch(tokenHash: string, now: Date): Promise<Session | null>;
  /** Ends one session; false when there was none. */
  abstract delete(tokenHash: string): Promise<boolean>;
  /** Ends every session of the user (a password change, a removed account); how many ended. */
  abstract deleteAllOf(userId: string): Promise<number>;
}
