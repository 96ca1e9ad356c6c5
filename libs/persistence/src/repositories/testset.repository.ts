import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Testset, TestsetRow, TestsetSummary, TestsetVersion, TestsetVersionStamp } from '@crucible/domain';
import { type Page, type PageRequest, TestsetRepository, type TestsetPatch, mapPage } from '@crucible/application';
import { TestsetOrmEntity, TestsetVersionOrmEntity } from '../entities/testset.orm-entity';
import { type TestsetSummaryRow, testsetMapper } from '../mappers/testset.mapper';
import { conflictIfTaken } from '../data-source/database-errors';
import { besideTheUnit, undoBesideTheUnit } from '../data-source/ambient-transaction';
import { type KeyColumn, OLDEST_FIRST_BY_NAME, keysetPage, keysetRawPage } from './keyset';
import {
  DISCARD_STAGED_ROWS, DROP_USED_STAGED_ROWS, INSERT_TESTSET, INSERT_TESTSET_VERSION, STAGE_ROWS, TESTSET_FROM_STAGED,
  TESTSET_ROWS_PAGE, TESTSET_ROW_CONTENT_KEYS, TESTSET_SUMMARY, TESTSET_SUMMARY_COLUMNS, TESTSET_VERSION_FROM_STAGED,
  TESTSET_WITH_ROWS,
} from './testset.sql';

const BY_VERSION: readonly KeyColumn[] = [{ column: 'version', type: 'int' }];

const rowsOf = (raw: unknown): TestsetSummaryRow[] =>
  (Array.isArray(raw) ? raw : (raw as { rows?: TestsetSummaryRow[] } | undefined)?.rows ?? []) as TestsetSummaryRow[];

@Injectable()
export class TypeOrmTestsetRepository extends TestsetRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async create(testset: Testset, stamp: TestsetVersionStamp): Promise<void> {
    await conflictIfTaken(`testset "${testset.name}" already exists`, async () => {
      await this.dataSource.transaction(async (manager) => {
        const columns = JSON.stringify(testset.columns);
        await manager.query(
          INSERT_TESTSET,
          [testset.id, testset.projectId, testset.appId, testset.name, columns, testset.rows.length, testset.createdAt.toISOString()],
        );
        await this.insertVersion(manager, testset.id, 1, testset.projectId, testset.columns, testset.rows, stamp, testset.createdAt);
      });
    });
  }

  /** Staged beside the request's unit of work: an upload holds no transaction while its client sends. */
  async stageRows(projectId: string, uploadId: string, batch: number, rows: TestsetRow[]): Promise<void> {
    await besideTheUnit(this.dataSource, STAGE_ROWS, [uploadId, batch, projectId, JSON.stringify(rows)]);
  }

  async createFromStaged(testset: Omit<Testset, 'rows' | 'version'>, uploadId: string, stamp: TestsetVersionStamp): Promise<void> {
    await conflictIfTaken(`testset "${testset.name}" already exists`, async () => {
      // One short transaction once the file was read, never one held open while a client sends: PGlite has one session.
      await this.dataSource.transaction(async (manager) => {
        const [columns, at] = [JSON.stringify(testset.columns), testset.createdAt.toISOString()];
        await manager.query(TESTSET_FROM_STAGED, [testset.id, testset.projectId, testset.appId, testset.name, columns, at, uploadId]);
        await manager.query(TESTSET_VERSION_FROM_STAGED, [testset.id, testset.projectId, columns, uploadId, stamp.change, stamp.createdBy, at]);
        await manager.query(DROP_USED_STAGED_ROWS, [uploadId]);
      });
    });
  }

  async discardStaged(projectId: string, uploadId: string): Promise<void> {
    await undoBesideTheUnit(this.dataSource, DISCARD_STAGED_ROWS, [uploadId, projectId]);
  }

  async list(projectId: string, appId: string | undefined, page: PageRequest): Promise<Page<TestsetSummary>> {
    const query = this.dataSource.createQueryBuilder().select(TESTSET_SUMMARY_COLUMNS).from(TestsetOrmEntity, 't')
      .where('t.project_id = :projectId', { projectId });
    if (appId) query.andWhere('t.app_id = :appId', { appId });
    return mapPage(await keysetRawPage<TestsetSummaryRow>(query, OLDEST_FIRST_BY_NAME, page), testsetMapper.summaryFromRow);
  }

  async findById(projectId: string, id: string, version?: number): Promise<Testset | null> {
    const [row] = await this.dataSource.query<Array<TestsetSummaryRow & { rows: TestsetRow[] }>>(TESTSET_WITH_ROWS, [id, projectId, version ?? null]);
    return row ? testsetMapper.withRows(testsetMapper.summaryFromRow(row), row.rows) : null;
  }

  async findSummary(projectId: string, id: string, version?: number): Promise<TestsetSummary | null> {
    const [row] = await this.dataSource.query<TestsetSummaryRow[]>(TESTSET_SUMMARY, [id, projectId, version ?? null]);
    return row ? testsetMapper.summaryFromRow(row) : null;
  }

  async readRows(projectId: string, id: string, version: number, fromIndex: number, limit: number): Promise<Array<{ index: number; row: TestsetRow }>> {
    return this.dataSource.query<Array<{ index: number; row: TestsetRow }>>(TESTSET_ROWS_PAGE, [id, projectId, version, fromIndex, limit]);
  }

  async rowContentKeys(projectId: string, id: string, version: number): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ key: string }>>(TESTSET_ROW_CONTENT_KEYS, [id, projectId, version]);
    return rows.map((row) => row.key);
  }

  async listVersions(projectId: string, id: string, page: PageRequest): Promise<Page<TestsetVersion>> {
    const query = this.dataSource.getRepository(TestsetVersionOrmEntity).createQueryBuilder('v')
      // The rows are what a version is, and what a history never shows.
      .select(['v.testsetId', 'v.version', 'v.projectId', 'v.columns', 'v.rowsCount', 'v.change', 'v.createdBy', 'v.createdAt'])
      .where('v.testset_id = :id AND v.project_id = :projectId', { id, projectId });
    return mapPage(await keysetPage(query, BY_VERSION, page), testsetMapper.versionToDomain);
  }

  async update(projectId: string, id: string, patch: TestsetPatch, stamp: TestsetVersionStamp): Promise<TestsetSummary | null> {
    const values: QueryDeepPartialEntity<TestsetOrmEntity> = { updatedAt: patch.updatedAt };
    if (patch.name !== undefined) values.name = patch.name;
    const rows = patch.rows;
    if (rows !== undefined) Object.assign(values, { columns: patch.columns ?? [], rowsCount: rows.length, version: () => 'version + 1' });
    return conflictIfTaken(`testset "${patch.name}" already exists`, () => this.dataSource.transaction(async (manager) => {
      const result = await manager.createQueryBuilder()
        .update(TestsetOrmEntity)
        .set(values)
        .where('id = :id AND project_id = :projectId', { id, projectId })
        .returning(TESTSET_SUMMARY_COLUMNS)
        .execute();
      const [row] = rowsOf(result.raw);
      if (!row) return null;
      const updated = testsetMapper.summaryFromRow(row);
      // The row lock the update took makes concurrent changes number their versions one after the other.
      if (rows !== undefined) await this.insertVersion(manager, id, updated.version, projectId, updated.columns, rows, stamp, patch.updatedAt);
      return updated;
    }));
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

  private async insertVersion(
    manager: EntityManager, id: string, version: number, projectId: string, columns: string[], rows: TestsetRow[],
    stamp: TestsetVersionStamp, at: Date,
  ): Promise<void> {
    await manager.query(
      INSERT_TESTSET_VERSION,
      [id, version, projectId, JSON.stringify(columns), JSON.stringify(rows), stamp.change, stamp.createdBy, at.toISOString()],
    );
  }
}
