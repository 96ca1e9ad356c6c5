import type { RunStoragePolicy } from '../runs/ports';

/** The in-memory repositories' pacing: PGlite's figures, which the runner's specs spell out. */
export const IN_MEMORY_RUN_STORAGE_POLICY: RunStoragePolicy = {
  rowPageSize: 2000, firstRowPageSize: 100, rowsPerWriteAtLeast: 100, gatherMs: 25, checkPatienceMs: 100, checkEveryMs: 50,
};
