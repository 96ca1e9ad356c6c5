/**
 * One database transaction around a piece of work, joined by every repository the work calls (ARCHITECTURE §17:
 * a change and its audit event commit together or not at all). Outside `run`, repositories use their own
 * transactions as before.
 */
export abstract class UnitOfWork {
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Called inside another
   * unit, it joins that one. While it runs, the work must not await anything that needs the database from another
   * async context (on PGlite the transaction holds the only connection, so that would wait forever).
   */
  abstract run<T>(work: () => Promise<T>): Promise<T>;

  /**
   * Something that must happen only once the change is visible to other connections (enqueueing a job for it,
   * dropping what another request may have cached meanwhile): inside a unit, after it commits (never if it rolls
   * back), outside the unit's async context, in the order they were registered, and `run` resolves only once they
   * have (so what they fill in is there when the unit's caller answers); outside a unit, now.
   */
  abstract afterCommit(effect: () => Promise<void> | void): Promise<void>;

  /** Whether the caller runs inside a unit (its reads see the unit's uncommitted writes, so they must not be shared). */
  abstract isActive(): boolean;
}
