import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_MODULE, type PgliteSession, openPgliteSession } from './pglite-session';

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
  return runPgliteScript(INITDB_SCRIPT, dataDir, `could not initialise the PGlite data directory ${dataDir}`);
}

/** Runs one of this file's scripts (initdb, a fresh cluster) in a short-lived child: the PGlite module, then `argument`. */
function runPgliteScript(script: string, argument: string, failure: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--liftoff-only', '-e', script, PGLITE_MODULE, argument], (error, _stdout, stderr) => {
      if (error) reject(new Error(`${failure}: ${stderr || error.message}`));
      else resolve();
    });
  });
}

// A fresh cluster, dumped as a tarball, written under another name and renamed: two processes making it at once
// (test workers) each leave a whole file.
const CLUSTER_SCRIPT = `
const { PGlite } = require(process.argv[1]);
const { renameSync, writeFileSync } = require('node:fs');
PGlite.create().then(async (db) => {
  const tarball = await db.dumpDataDir('none');
  await db.close();
  const partial = process.argv[2] + '.' + process.pid;
  writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
  renameSync(partial, process.argv[2]);
}).catch((error) => {
  process.stderr.write(String(error && error.stack || error) + '\\n');
  process.exit(1);
});`;

let freshCluster: Promise<string | null> | null = null;

/**
 * A freshly initialised cluster of the installed PGlite, as a tarball kept in node_modules/.cache, made once per
 * installation: an in-memory database (every test's) starts from a copy in 1.2–1.8 s, where `initdb` took 3.3–4.8 s
 * on a 2-core VM. Null when it cannot be made or kept (node_modules read-only): the database is then initialised.
 */
export function freshClusterTarball(): Promise<string | null> {
  freshCluster ??= (async () => {
    const packageDir = dirname(dirname(PGLITE_MODULE));
    const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
    const cacheDir = join(packageDir, '..', '..', '.cache', 'crucible');
    const tarball = join(cacheDir, `pglite-${version}-cluster.tar`);
    if (existsSync(tarball)) return tarball;
    try {
      mkdirSync(cacheDir, { recursive: true });
      await runPgliteScript(CLUSTER_SCRIPT, tarball, 'could not make a fresh PGlite cluster');
      return tarball;
    } catch {
      return null;
    }
  })();
  return freshCluster;
}

/** Opens PGlite (in a worker thread) on `dataDir`, created and initialised when new, or in memory when it is null. */
export async function openPglite(dataDir: string | null): Promise<PgliteSession> {
  if (!dataDir) {
    const clusterTarball = await freshClusterTarball();
    return openPgliteSession({ startParams: startParams(), ...(clusterTarball ? { clusterTarball } : {}) });
  }
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialiseDataDir(dataDir);
  return openPgliteSession({ dataDir, startParams: startParams() });
}
