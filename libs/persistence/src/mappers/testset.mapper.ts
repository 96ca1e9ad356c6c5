import type { Testset, TestsetRow, TestsetSummary, TestsetVersion } from '@crucible/domain';
import type { TestsetVersionOrmEntity } from '../entities/testset.orm-entity';

/** A test set as of one version: the summary columns (a count, never the rows). */
export interface TestsetSummaryRow {
  id: string;
  project_id: string;
  app_id: string | null;
  name: string;
  columns: string[];
  version: number | string;
  rows_count: number | string;
  created_at: Date | string;
  updated_at: Date | string;
}

const summaryFromRow = (row: TestsetSummaryRow): TestsetSummary => ({
  id: row.id,
  projectId: row.project_id,
  appId: row.app_id,
  name: row.name,
  columns: row.columns,
  version: Number(row.version),
  rowsCount: Number(row.rows_count),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

export const testsetMapper = {
  summaryFromRow,
  withRows: ({ rowsCount: _count, ...summary }: TestsetSummary, rows: TestsetRow[]): Testset => ({ ...summary, rows }),
  versionToDomain: (row: TestsetVersionOrmEntity): TestsetVersion => ({
    testsetId: row.testsetId,
    version: row.version,
    columns: row.columns,
    rowsCount: row.rowsCount,
    change: row.change,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
  }),
};
