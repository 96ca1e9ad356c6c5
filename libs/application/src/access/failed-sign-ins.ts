import { Injectable } from '@nestjs/common';
import { normalizeEmail } from '@crucible/domain';

export const FAILED_SIGN_INS_ALLOWED = 10;
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Addresses remembered at most: a flood of made-up addresses forgets the oldest rather than growing the heap. */
const EMAILS_KEPT = 50_000;

/**
 * Failed sign-ins per email over a sliding window, in this process. Not the throttler's storage: that counts every
 * request it sees, while this must be read before a password is checked and count only the failures. Several api
 * processes each count their own, so the limit is per process.
 */
@Injectable()
export class FailedSignIns {
  private readonly failures = new Map<string, number[]>();

  /** Seconds until another attempt may be made for this email, or null when it may be made now. */
  retryAfterSeconds(email: string, now = Date.now()): number | null {
    const recent = this.recent(normalizeEmail(email), now);
    if (recent.length < FAILED_SIGN_INS_ALLOWED) return null;
    const oldest = recent[recent.length - FAILED_SIGN_INS_ALLOWED] ?? now;
    return Math.max(1, Math.ceil((oldest + FAILED_SIGN_IN_WINDOW_MS - now) / 1000));
  }

  record(email: string, now = Date.now()): void {
    const key = normalizeEmail(email);
    const recent = [...this.recent(key, now), now];
    this.failures.delete(key);
    this.failures.set(key, recent);
    if (this.failures.size > EMAILS_KEPT) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((at) => at > now - FAILED_SIGN_IN_WINDOW_MS);
    if (kept.length === 0) this.failures.delete(key);
    return kept;
  }
}
