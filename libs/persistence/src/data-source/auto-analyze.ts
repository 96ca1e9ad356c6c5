import type { DataSource } from 'typeorm';
import { beforeDestroy } from './before-destroy';

/**
 * The planner's statistics, kept fresh by the service itself. PostgreSQL leaves that to autovacuum's ANALYZE, but
 * PGlite runs PostgreSQL in single-user mode, which has no autovacuum, and a server may run with it off (this
 * project's CI machine does) or get to a new table a minute late. A never-analyzed table is planned as empty, and
 * plans cached then (a foreign key's check above all, cached per connection) stay, scanning a table that grows:
 * at 16 000 traces, checking 40 spans' foreign keys took 17 ms on PGlite instead of 0.5 ms; at 19 000 on PostgreSQL,
 * 200 ms. A table is analyzed once it has doubled (plus 64 kB) since it last was, told in pages: that is all a plan
 * over keys needs, and ANALYZE reads up to 3 000 pages of the table: at a fifth more (autovacuum asks a tenth) a runner
 * filling its tables analyzed them at nearly every round, 25 µs of PGlite per row stored. ANALYZE updates the table's
 * statistics and drops the plans cached for it.
 *
 * It samples as few rows as PGlite always does (open-pglite.ts), on PostgreSQL too: at the server's default target
 * ANALYZE sorts 30 000 sampled rows per column, and 40 000 spans took 310–350 ms of the server's CPU in the middle of
 * a run, against 21–26 ms at this target.
 */
export const AUTO_ANALYZE_INTERVAL_MS = 10_000;

const GROWN_TABLES = `
  SELECT format('%I.%I', n.nspname, c.relname) AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = 'public' AND c.relkind = 'r'
     AND pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 2 + 8`;

/** The statistics target of this service's own ANALYZE: plenty for plans over keys. */
export const ANALYZE_STATISTICS_TARGET = 10;

/** Analyzes the tables grown since their last ANALYZE; answers their names. */
export async function analyzeGrownTables(dataSource: DataSource): Promise<string[]> {
  const names = (await dataSource.query(GROWN_TABLES)).map((row: Record<string, unknown>) => String(row['name']));
  // One table at a time: on PGlite's one session, the statements waiting behind it wait for one table at a time.
  for (const name of names) {
    await dataSource.transaction(async (manager) => {
      await manager.query(`SET LOCAL default_statistics_target = ${ANALYZE_STATISTICS_TARGET}`);
      await manager.query(`ANALYZE ${name}`);
    });
  }
  return names;
}

/**
 * Analyzes grown tables every `intervalMs` until the data source is destroyed. A failed round (the database
 * unreachable for a while, say) is tried again at the next one.
 */
export function analyzeWhileOpen(dataSource: DataSource, intervalMs = AUTO_ANALYZE_INTERVAL_MS): void {
  const timer = setInterval(() => void analyzeGrownTables(dataSource).catch(() => undefined), intervalMs);
  timer.unref();
  beforeDestroy(dataSource, () => clearInterval(timer));
}
