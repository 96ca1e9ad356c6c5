/**
 * Failed sign-ins per email over a sliding window (ARCHITECTURE §17), read before a password is checked and written
 * only on a failure. Not the throttler's storage: that counts every request it sees. Every api process must see the
 * same count, or the limit is multiplied by their number: in distributed mode the count is kept in Redis.
 */
export abstract class FailedSignIns {
  /** Seconds until another attempt may be made for this email, or null when it may be made now. */
  abstract retryAfterSeconds(email: string, now?: number): Promise<number | null>;

  abstract record(email: string, now?: number): Promise<void>;
}
