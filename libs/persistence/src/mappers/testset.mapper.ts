import type { Testset, TestsetSummary } from '@crucible/domain';
import type { TestsetOrmEntity } from '../entities/testset.orm-entity';
import { pick } from './pick';

const testsetKeys: Array<keyof Testset> = ['id', 'projectId', 'appId', 'name', 'columns', 'rows', 'createdAt', 'updatedAt'];

/** A listing row: the summary columns and jsonb_array_length(csvdata), never the rows themselves. */
export interface TestsetSummaryRow {
  id: string;
  project_id: string;
  app_id: string | null;
  name: string;
  columns: string[];
  rows_count: number | string;
  created_at: Date | string;
  updated_at: Date | string;
}

export const testsetMapper = {
  toDomain: (row: TestsetOrmEntity): Testset => pick<Testset>(row, testsetKeys),
  toOrm: (testset: Testset): TestsetOrmEntity => pick(testset, testsetKeys),
  summaryFromRow: (row: TestsetSummaryRow): TestsetSummary => ({
    id: row.id,
    projectId: row.project_id,
    appId: row.app_id,
    name: row.name,
    columns: row.columns,
    rowsCount: Number(row.rows_count),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  }),
};
