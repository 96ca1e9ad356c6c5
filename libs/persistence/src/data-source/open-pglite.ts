import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type PgliteSession, openPgliteSession } from './pglite-session';

/**
 * PostgreSQL's defaults size shared memory for a server with 100 connections and 128 MB of buffers; in WASM
 * that memory is part of the heap, which never shrinks. PGlite is one session over a small local database:
 * a few MB of buffers keep the working set of an idle service well under its budget.
 */
const MEMORY_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'max_connections=5', '-c', 'temp_buffers=1MB'];
/**
 * The auto-analyze (auto-analyze.ts) holds the only session while it runs. At the default target ANALYZE
 * sorts 30 000 sampled rows per column: 530 ms for a runner's three tables at 11 000 rows, a stall in the middle
 * of an evaluation. At 10 it samples 3 000 rows (130 ms there), plenty for plans over keys; it still reads every
 * page of a table under 3 000 pages, so row counts stay exact.
 */
const PLANNER_SETTINGS = ['-c', 'default_statistics_target=10'];
const startParams = (): string[] => [...PGlite.defaultStartParams, ...MEMORY_SETTINGS, ...PLANNER_SETTINGS];

// initdb runs in a short-lived child: in-process it would leave a second WASM heap (and the first one grown by
// bootstrapping the catalog) in this process for good. Liftoff only: the child is gone before TurboFan would pay off.
const INITDB_SCRIPT = `
const { PGlite } = require(process.argv[1]);
PGlite.create({ dataDir: process.argv[2] }).then((db) => db.close()).catch((error) => {
  process.stderr.write(String(error && error.stack || error) + '\\n');
  process.exit(1);
});`;

function initialiseDataDir(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--liftoff-only', '-e', INITDB_SCRIPT, require.resolve('@electric-sql/pglite'), dataDir], (error, _stdout, stderr) => {
      if (error) reject(new Error(`could not initialise the PGlite data directory ${dataDir}: ${stderr || error.message}`));
      else resolve();
    });
  });
}

/** Opens PGlite (in a worker thread) on `dataDir`, created and initialised when new, or in memory when it is null. */
export async function openPglite(dataDir: string | null): Promise<PgliteSession> {
  if (!dataDir) return openPgliteSession({ startParams: startParams() });
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialiseDataDir(dataDir);
  return openPgliteSession({ dataDir, startParams: startParams() });
}
