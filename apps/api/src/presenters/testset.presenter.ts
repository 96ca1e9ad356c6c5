import type { z } from 'zod';
import type { Testset, TestsetSummary } from '@crucible/domain';
import type { testsetSchema, testsetSummarySchema } from '../wire/testset.wire';

const iso = (date: Date): string => date.toISOString();

export const presentTestsetSummary = (testset: TestsetSummary): z.input<typeof testsetSummarySchema> => ({
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
export const presentTestset = (testset: Testset): z.input<typeof testsetSchema> => ({
  _id: testset.id,
  id: testset.id,
  name: testset.name,
  app_id: testset.appId,
  columns: testset.columns,
  csvdata: testset.rows.map((row) => Object.fromEntries(testset.columns.map((column) => [column, row[column] ?? null]))),
  created_at: iso(testset.createdAt),
  updated_at: iso(testset.updatedAt),
});
