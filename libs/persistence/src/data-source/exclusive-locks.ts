import { DataSource } from 'typeorm';
import { ExclusiveLock, OutageClassifier } from '@crucible/application';
import { isDatabaseUnavailable } from './database-errors';

/** "sweeper" in ASCII; distinct from the migration lock's key. */
const SWEEPER_LOCK_KEY = 0x73776565;

/** Never runs the work twice at once inside this process. */
export class ProcessExclusiveLock extends ExclusiveLock {
  private running = false;

  async runExclusively(work: () => Promise<void>): Promise<boolean> {
    if (this.running) return false;
    this.running = true;
    try {
      await work();
      return true;
    } finally {
      this.running = false;
    }
  }
}

/**
 * On PostgreSQL, a session-level advisory lock held on its own connection while the work runs on others:
 * of several processes sweeping, one does and the rest skip this round. (On PGlite one process owns the data,
 * and holding its single session would block the work itself, so ProcessExclusiveLock serves there.)
 */
export class AdvisoryExclusiveLock extends ProcessExclusiveLock {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  override async runExclusively(work: () => Promise<void>): Promise<boolean> {
    let ran = false;
    const entered = await super.runExclusively(async () => {
      const holder = this.dataSource.createQueryRunner();
      try {
        await holder.connect();
        const [{ locked }] = await holder.query('SELECT pg_try_advisory_lock($1) AS locked', [SWEEPER_LOCK_KEY]);
        if (!locked) return;
        ran = true;
        try {
          await work();
        } finally {
          await holder.query('SELECT pg_advisory_unlock($1)', [SWEEPER_LOCK_KEY]);
        }
      } finally {
        await holder.release();
      }
    });
    return entered && ran;
  }
}

export class DatabaseOutageClassifier extends OutageClassifier {
  isOutage(error: unknown): boolean {
    return isDatabaseUnavailable(error);
  }
}
