import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

const LOCK_FILE = 'crucible.lock';

/** Thrown when another live process owns the PGlite data directory. */
export class DataDirectoryInUseError extends Error {
  constructor(readonly directory: string, readonly holderPid: number) {
    super(`the PGlite data directory ${directory} is in use by another Crucible process (pid ${holderPid}); `
      + 'stop that process, or point CRUCIBLE_DATA_DIR at another directory');
    this.name = 'DataDirectoryInUseError';
  }
}

/** Directories this process holds, so a lock file carrying our own pid is told apart from a stale one. */
const held = new Set<string>();

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readPid = (file: string): number | null => {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
};

const releaseAllOnExit = (): void => {
  for (const directory of held) {
    try {
      unlinkSync(join(directory, LOCK_FILE));
    } catch {
      // already gone
    }
  }
};
process.once('exit', releaseAllOnExit);

/**
 * PGlite is one in-process PostgreSQL: two processes on one directory corrupt it and lose acknowledged writes.
 * A pid file created exclusively marks the owner; one left by a dead process is taken over. Answers the release.
 */
export function lockDataDirectory(dataDir: string): () => void {
  const directory = resolve(dataDir);
  const file = join(directory, LOCK_FILE);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      held.add(directory);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
      const holder = readPid(file);
      const ours = holder === process.pid && !held.has(directory);
      if (holder !== null && (held.has(directory) || (!ours && isAlive(holder)))) {
        throw new DataDirectoryInUseError(directory, holder);
      }
      // Stale (dead holder, unreadable, or a previous life of this pid): take it over.
      try {
        unlinkSync(file);
      } catch {
        // another process took it over first; the next attempt sees its pid
      }
    }
  }
  return () => {
    if (!held.delete(directory)) return;
    if (readPid(file) === process.pid) unlinkSync(file);
  };
}
