import type { RunStoragePolicy } from '@crucible/application';
import type { DatabaseConfig } from './create-data-source';

/**
 * PGlite has one session: a stop check or a page read waits behind the write in flight, so checks are spaced and
 * their answers awaited late, and the first page is small (docs/performance-history.md, "Run pacing per engine").
 */
export const PGLITE_RUN_STORAGE_POLICY: RunStoragePolicy = {
  rowPageSize: 2000, firstRowPageSize: 100, rowsPerWriteAtLeast: 100, gatherMs: 25, checkPatienceMs: 100, checkEveryMs: 50,
};

/** PostgreSQL runs with PGlite's figures until a figure is measured better there (same document). */
export const POSTGRES_RUN_STORAGE_POLICY: RunStoragePolicy = { ...PGLITE_RUN_STORAGE_POLICY };

export const runStoragePolicyOf = (kind: DatabaseConfig['kind']): RunStoragePolicy =>
  (kind === 'pglite' ? PGLITE_RUN_STORAGE_POLICY : POSTGRES_RUN_STORAGE_POLICY);
