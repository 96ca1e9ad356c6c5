/** Work that must not run in two processes at once (the sweeper), across every process sharing the database. */
export abstract class ExclusiveLock {
  /** Runs `work` only if no other holder runs it now; answers whether it ran. */
  abstract runExclusively(work: () => Promise<void>): Promise<boolean>;
}
