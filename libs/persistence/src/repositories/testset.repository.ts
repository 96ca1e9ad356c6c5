import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Testset, TestsetRow, TestsetSummary } from '@crucible/domain';
import { type Page, type PageRequest, TestsetRepository, type TestsetPatch, mapPage } from '@crucible/application';
import { TestsetOrmEntity } from '../entities/testset.orm-entity';
import { type TestsetSummaryRow, testsetMapper } from '../mappers/testset.mapper';
import { conflictIfTaken } from '../data-source/database-errors';
import { OLDEST_FIRST_BY_NAME, keysetRawPage } from './keyset';
import {
  DISCARD_STAGED_ROWS, DROP_USED_STAGED_ROWS, STAGE_ROWS, TESTSET_FROM_STAGED, TESTSET_ROWS_PAGE, TESTSET_SUMMARY,
  TESTSET_SUMMARY_COLUMNS,
} from './testset.sql';

const rowsOf = (raw: unknown): TestsetSummaryRow[] =>
  (Array.isArray(raw) ? raw : (raw as { rows?: TestsetSummaryRow[] } | undefined)?.rows ?? []) as TestsetSummaryRow[];

@Injectable()
export class TypeOrmTestsetRepository extends TestsetRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async create(testset: Testset): Promise<void> {
    await conflictIfTaken(`testset "${testset.name}" already exists`, async () => {
      const rows = this.dataSource.getRepository(TestsetOrmEntity);
      await rows.insert(rows.create(testsetMapper.toOrm(testset)));
    });
  }

  async stageRows(projectId: string, uploadId: string, batch: number, rows: TestsetRow[]): Promise<void> {
    await this.dataSource.query(STAGE_ROWS, [uploadId, batch, projectId, JSON.stringify(rows)]);
  }

  async createFromStaged(testset: Omit<Testset, 'rows'>, uploadId: string): Promise<void> {
    await conflictIfTaken(`testset "${testset.name}" already exists`, async () => {
      // One short transaction once the file was read, never one held open while a client sends: PGlite has one session.
      await this.dataSource.transaction(async (manager) => {
        await manager.query(
          TESTSET_FROM_STAGED,
          [testset.id, testset.projectId, testset.appId, testset.name, JSON.stringify(testset.columns), testset.createdAt.toISOString(), uploadId],
        );
        await manager.query(DROP_USED_STAGED_ROWS, [uploadId]);
      });
    });
  }

  async discardStaged(projectId: string, uploadId: string): Promise<void> {
    await this.dataSource.query(DISCARD_STAGED_ROWS, [uploadId, projectId]);
  }

  async list(projectId: string, appId: string | undefined, page: PageRequest): Promise<Page<TestsetSummary>> {
    const query = this.dataSource.createQueryBuilder().select(TESTSET_SUMMARY_COLUMNS).from(TestsetOrmEntity, 't')
      .where('t.project_id = :projectId', { projectId });
    if (appId) query.andWhere('t.app_id = :appId', { appId });
    return mapPage(await keysetRawPage<TestsetSummaryRow>(query, OLDEST_FIRST_BY_NAME, page), testsetMapper.summaryFromRow);
  }

  async findById(projectId: string, id: string): Promise<Testset | null> {
    const row = await this.dataSource.getRepository(TestsetOrmEntity).findOneBy({ id, projectId });
    return row ? testsetMapper.toDomain(row) : null;
  }

  async findSummary(projectId: string, id: string): Promise<TestsetSummary | null> {
    const [row] = await this.dataSource.query<TestsetSummaryRow[]>(TESTSET_SUMMARY, [id, projectId]);
    return row ? testsetMapper.summaryFromRow(row) : null;
  }

  async readRows(projectId: string, id: string, fromIndex: number, limit: number): Promise<Array<{ index: number; row: TestsetRow }>> {
    return this.dataSource.query<Array<{ index: number; row: TestsetRow }>>(TESTSET_ROWS_PAGE, [id, projectId, fromIndex, limit]);
  }

  async update(projectId: string, id: string, patch: TestsetPatch): Promise<TestsetSummary | null> {
    const values: QueryDeepPartialEntity<TestsetOrmEntity> = { updatedAt: patch.updatedAt };
    if (patch.name !== undefined) values.name = patch.name;
    if (patch.rows !== undefined) Object.assign(values, { columns: patch.columns ?? [], rows: patch.rows });
    return conflictIfTaken(`testset "${patch.name}" already exists`, async () => {
      const result = await this.dataSource.createQueryBuilder()
        .update(TestsetOrmEntity)
        .set(values)
        .where('id = :id AND project_id = :projectId', { id, projectId })
        .returning(TESTSET_SUMMARY_COLUMNS)
        .execute();
      const [row] = rowsOf(result.raw);
      return row ? testsetMapper.summaryFromRow(row) : null;
    });
  }

  async delete(projectId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const result = await this.dataSource.createQueryBuilder()
      .delete()
      .from(TestsetOrmEntity)
      .where('project_id = :projectId AND id = ANY(:ids)', { projectId, ids })
      .returning('id')
      .execute();
    return rowsOf(result.raw).map((row) => row.id);
  }
}
