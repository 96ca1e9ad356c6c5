import type { DataSource } from 'typeorm';
import { purgeTraceMetricHoursBefore } from './trace-metric-hours';

/**
 * How long partition work waits for its table locks before giving up until the next run. Attaching a week needs the
 * default partition alone for a moment (reads of the whole table touch it; inserts into a week's partition do not),
 * and detaching one the parent; while either waits, the queries that come after it wait too: this bounds that stall.
 */
const LOCK_TIMEOUT = '500ms';
/** PostgreSQL's lock_not_available: the lock timeout passed. */
const LOCK_NOT_AVAILABLE = '55P03';
const DAY_MS = 86_400_000;

/** The Monday (UTC) of a time's week, as `YYYY-MM-DD`: where its week's partitions start. */
const mondayOf = (time: Date): string => {
  const day = Math.floor(time.getTime() / DAY_MS) * DAY_MS;
  return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
};

/** The week partitions of `traces` that start before `$1`, as their Mondays (`YYYY-MM-DD`). */
const PARTITIONS_BEFORE = `
  SELECT to_char(to_date(substring(c.relname FROM 9), 'YYYYMMDD'), 'YYYY-MM-DD') AS monday
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
   WHERE i.inhparent = 'traces'::regclass AND c.relname ~ '^traces_w[0-9]{8}$'
     AND to_date(substring(c.relname FROM 9), 'YYYYMMDD') < $1::date
   ORDER BY 1`;

/**
 * The week partitions of `traces` and `spans` (migration 1795897231670): made ahead of their weeks, and dropped whole
 * by retention. Each week's change is its own short transaction, so a lock not had within LOCK_TIMEOUT costs that
 * week's work until the next run, never a stalled ingest.
 */
export class TracePartitions {
  constructor(private readonly dataSource: DataSource) {}

  /** Makes the partitions of the weeks of these days that have none; returns how many weeks got theirs. */
  async prepare(days: Date[]): Promise<number> {
    let made = 0;
    for (const monday of new Set(days.map(mondayOf))) {
      const created = await this.underLockTimeout(async (query) => {
        const [row] = await query('SELECT create_trace_partitions($1::date) AS created', [monday]);
        return Boolean(row!['created']);
      });
      if (created) made += 1;
    }
    return made;
  }

  /**
   * Drops the partitions of the weeks before `cutoff`'s week, then deletes the default partition's traces of those
   * weeks and the keys of every trace gone (their scores, queue items and online executions cascade): narrow rows. A
   * week whose partitions could not be dropped keeps its keys, for the next run. Returns how many traces went.
   */
  async deleteWeeksBefore(cutoff: Date): Promise<number> {
    const firstKept = mondayOf(cutoff);
    const expired: Array<{ monday: string }> = await this.dataSource.query(PARTITIONS_BEFORE, [firstKept]);
    for (const { monday } of expired) {
      const suffix = monday.replaceAll('-', '');
      await this.underLockTimeout(async (query) => {
        for (const parent of ['traces', 'spans']) {
          await query(`ALTER TABLE ${parent} DETACH PARTITION ${parent}_w${suffix}`);
          await query(`DROP TABLE ${parent}_w${suffix}`);
        }
        return true;
      });
    }
    const kept: Array<{ monday: string }> = await this.dataSource.query(PARTITIONS_BEFORE, [firstKept]);
    // Straight from the default partitions: the parent's trigger that deletes a trace's spans does not fire here.
    await this.dataSource.query('DELETE FROM spans_default WHERE start_day < $1::date', [firstKept]);
    await this.dataSource.query('DELETE FROM traces_default WHERE start_day < $1::date', [firstKept]);
    const [{ deleted }] = await this.dataSource.query(
      `WITH gone AS (
         DELETE FROM trace_keys WHERE start_day < $1::date
            AND NOT EXISTS (SELECT 1 FROM unnest($2::date[]) AS kept(monday) WHERE start_day >= monday AND start_day < monday + 7)
         RETURNING 1)
       SELECT count(*)::int AS deleted FROM gone`,
      [firstKept, kept.map((row) => row.monday)],
    );
    // Dropping a partition fires no trigger: the hours summed from the dropped weeks go here, those of kept weeks stay.
    const oldestKept = [firstKept, ...kept.map((row) => row.monday)].sort()[0]!;
    await this.dataSource.transaction((manager) => purgeTraceMetricHoursBefore(manager, new Date(`${oldestKept}T00:00:00Z`)));
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
      const code = (error as { code?: string; driverError?: { code?: string } }).code ?? (error as { driverError?: { code?: string } }).driverError?.code;
      if (code === LOCK_NOT_AVAILABLE) return false;
      throw error;
    } finally {
      await runner.release();
    }
  }
}
