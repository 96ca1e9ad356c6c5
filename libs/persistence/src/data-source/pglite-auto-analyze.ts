/**
 * PostgreSQL keeps its planner statistics fresh with autovacuum's ANALYZE; PGlite runs PostgreSQL in single-user
 * mode, which has no autovacuum, so its tables are never analyzed and the planner plans for empty tables for good.
 * Plans cached while a table was small (a foreign key's check above all) then stay, and one that scans the table
 * grows with it: at 16 000 traces, checking 40 spans' foreign keys took 17 ms instead of 0.5 ms. This is
 * autovacuum's ANALYZE rule, told in pages: a table is analyzed once it has grown by a fifth (plus 64 kB) since
 * it last was. ANALYZE updates the table's statistics and drops the plans cached for it.
 */
export const AUTO_ANALYZE_INTERVAL_MS = 10_000;

const GROWN_TABLES = `
  SELECT format('%I.%I', n.nspname, c.relname) AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = 'public' AND c.relkind = 'r'
     AND pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 8`;

/** Analyzes the tables grown since their last ANALYZE; answers their names. */
export async function analyzeGrownTables(query: (sql: string) => Promise<Array<Record<string, unknown>>>): Promise<string[]> {
  const names = (await query(GROWN_TABLES)).map((row) => String(row['name']));
  if (names.length > 0) await query(`ANALYZE ${names.join(', ')}`);
  return names;
}
