import type { DataSource } from 'typeorm';

/**
 * How long partition work waits for its table locks before giving up until the next run. Attaching a day needs the
 * default partition alone for a moment (reads of the whole table touch it; inserts into a day partition do not), and
 * detaching one the parent; while either waits, the queries that come after it wait too: this bounds that stall.
 */
const LOCK_TIMEOUT = '500ms';
/** PostgreSQL's lock_not_available: the lock timeout passed. */
const LOCK_NOT_AVAILABLE = '55P03';

/** A UTC day as `YYYY-MM-DD`. */
const utcDayOf = (time: Date): string => time.toISOString().slice(0, 10);

/** The day partitions of `traces` before `$1`, as their days (`YYYY-MM-DD`). */
const PARTITIONS_BEFORE = `
  SELECT to_char(to_date(substring(c.relname FROM 9), 'YYYYMMDD'), 'YYYY-MM-DD') AS day
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
   WHERE i.inhparent = 'traces'::regclass AND c.relname ~ '^traces_d[0-9]{8}$'
     AND to_date(substring(c.relname FROM 9), 'YYYYMMDD') < $1::date
   ORDER BY 1`;

/**
 * The day partitions of `traces` and `spans` (migration 1795897231670): made ahead of their days, and dropped whole by
 * retention. Each day's change is its own short transaction, so a lock not had within LOCK_TIMEOUT costs one day's
 * work until the next run, never a stalled ingest.
 */
export class TraceDays {
  constructor(private readonly dataSource: DataSource) {}

  /** Makes the partitions of the days that have none; returns how many days got theirs. */
  async prepare(days: Date[]): Promise<number> {
    let made = 0;
    for (const day of days) {
      const created = await this.underLockTimeout(async (query) => {
        const [row] = await query('SELECT create_trace_day_partitions($1::date) AS created', [utcDayOf(day)]);
        return Boolean(row.created);
      });
      if (created) made += 1;
    }
    return made;
  }

  /**
   * Drops the day partitions before `cutoff`'s day, then deletes the default partition's traces of those days and the
   * keys of every trace gone (their scores, queue items and online executions cascade): narrow rows. A day whose
   * partitions could not be dropped keeps its keys, for the next run. Returns how many traces went.
   */
  async deleteBefore(cutoff: Date): Promise<number> {
    const firstKept = utcDayOf(cutoff);
    const expired: Array<{ day: string }> = await this.dataSource.query(PARTITIONS_BEFORE, [firstKept]);
    for (const { day } of expired) {
      const suffix = day.replaceAll('-', '');
      await this.underLockTimeout(async (query) => {
        for (const parent of ['traces', 'spans']) {
          await query(`ALTER TABLE ${parent} DETACH PARTITION ${parent}_d${suffix}`);
          await query(`DROP TABLE ${parent}_d${suffix}`);
        }
        return true;
      });
    }
    const kept: Array<{ day: string }> = await this.dataSource.query(PARTITIONS_BEFORE, [firstKept]);
    // Spans first: the trigger that deletes a trace's spans is the parent's, and these rows are deleted from the partition.
    await this.dataSource.query('DELETE FROM spans_default WHERE start_day < $1::date', [firstKept]);
    await this.dataSource.query('DELETE FROM traces_default WHERE start_day < $1::date', [firstKept]);
    const [{ deleted }] = await this.dataSource.query(
      `WITH gone AS (DELETE FROM trace_keys WHERE start_day < $1::date AND start_day <> ALL($2::date[]) RETURNING 1)
       SELECT count(*)::int AS deleted FROM gone`,
      [firstKept, kept.map((row) => row.day)],
    );
    return Number(deleted);
  }

  /** `work` in a transaction whose locks wait at most LOCK_TIMEOUT; a lock not had is `false` (try again next run). */
  private async underLockTimeout(work: (query: (sql: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>) => Promise<boolean>): Promise<boolean> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      const done = await work((sql, params) => runner.query(sql, params));
      await runner.commitTransaction();
      return done;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE || (error as { driverError?: { code?: string } }).driverError?.code === LOCK_NOT_AVAILABLE) return false;
      throw error;
    } finally {
      await runner.release();
    }
  }
}
