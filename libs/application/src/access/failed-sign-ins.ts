import { normalizeEmail } from '@crucible/domain';
import { FailedSignIns } from './ports';

export const FAILED_SIGN_INS_ALLOWED = 10;
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Addresses remembered at most: a flood of made-up addresses forgets the oldest rather than growing the heap. */
const EMAILS_KEPT = 50_000;

/** What FailedSignIns answers, from the times of an email's failures within the window (oldest first). */
export function retryAfterOf(recent: readonly number[], now: number): number | null {
  if (recent.length < FAILED_SIGN_INS_ALLOWED) return null;
  const oldest = recent[recent.length - FAILED_SIGN_INS_ALLOWED] ?? now;
  return Math.max(1, Math.ceil((oldest + FAILED_SIGN_IN_WINDOW_MS - now) / 1000));
}

/** The failures of this process alone: all there is in embedded mode (one process), and Redis's fallback. */
export class InProcessFailedSignIns extends FailedSignIns {
  private readonly failures = new Map<string, number[]>();

  async retryAfterSeconds(email: string, now = Date.now()): Promise<number | null> {
    return retryAfterOf(this.recent(normalizeEmail(email), now), now);
  }

  async record(email: string, now = Date.now()): Promise<void> {
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
