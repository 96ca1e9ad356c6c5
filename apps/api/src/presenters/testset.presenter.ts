import type { Testset, TestsetSummary } from '@crucible/domain';

const iso = (date: Date): string => date.toISOString();

export const presentTestsetSummary = (testset: TestsetSummary) => ({
  _id: testset.id,
  id: testset.id,
  name: testset.name,
  app_id: testset.appId,
  columns: testset.columns,
  rows_count: testset.rowsCount,
  created_at: iso(testset.createdAt),
  updated_at: iso(testset.updatedAt),
});

/** Every row, keys in the order of `columns` (jsonb keeps its own order). */
export const presentTestset = (testset: Testset) => ({
  _id: testset.id,
  id: testset.id,
  name: testset.name,
  app_id: testset.appId,
  columns: testset.columns,
  csvdata: testset.rows.map((row) => Object.fromEntries(testset.columns.map((column) => [column, row[column] ?? null]))),
  created_at: iso(testset.createdAt),
  updated_at: iso(testset.updatedAt),
});
