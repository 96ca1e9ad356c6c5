import type { z } from 'zod';
import type { Testset, TestsetDiff, TestsetSummary, TestsetVersion } from '@crucible/domain';
import type { testsetDiffSchema, testsetSchema, testsetSummarySchema, testsetVersionSchema } from '../wire/testset.wire';

const iso = (date: Date): string => date.toISOString();

export const presentTestsetSummary = (testset: TestsetSummary): z.input<typeof testsetSummarySchema> => ({
  _id: testset.id,
  id: testset.id,
  name: testset.name,
  app_id: testset.appId,
  columns: testset.columns,
  version: testset.version,
  rows_count: testset.rowsCount,
  created_at: iso(testset.createdAt),
  updated_at: iso(testset.updatedAt),
});

/** Every row, keys in the order of `columns` (jsonb keeps its own order). */
export const presentTestset = (testset: Testset): z.input<typeof testsetSchema> => ({
  _id: testset.id,
  id: testset.id,
  name: testset.name,
  app_id: testset.appId,
  columns: testset.columns,
  version: testset.version,
  csvdata: testset.rows.map((row) => Object.fromEntries(testset.columns.map((column) => [column, row[column] ?? null]))),
  created_at: iso(testset.createdAt),
  updated_at: iso(testset.updatedAt),
});

export const presentTestsetVersion = (version: TestsetVersion): z.input<typeof testsetVersionSchema> => ({
  testset_id: version.testsetId,
  version: version.version,
  columns: version.columns,
  rows_count: version.rowsCount,
  change: version.change,
  created_by: version.createdBy,
  created_at: iso(version.createdAt),
});

export const presentTestsetDiff = (diff: TestsetDiff & { from: number; to: number }): z.input<typeof testsetDiffSchema> => ({
  from: diff.from,
  to: diff.to,
  added: diff.added,
  removed: diff.removed,
  changed: diff.changed.map((row) => ({ from_index: row.fromIndex, to_index: row.toIndex, from: row.from, to: row.to })),
  unchanged_count: diff.unchangedCount,
});
