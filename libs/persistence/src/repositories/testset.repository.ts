import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { type Testset, type TestsetRow, type TestsetSummary, DomainError } from '@crucible/domain';
import { type Page, type PageRequest, TestsetRepository, type TestsetPatch, mapPage } from '@crucible/application';
import { TestsetOrmEntity } from '../entities/testset.orm-entity';
import { type TestsetSummaryRow, testsetMapper } from '../mappers/testset.mapper';
import { isUniqueViolation } from '../data-source/database-errors';
import { OLDEST_FIRST_BY_NAME, keysetRawPage } from './keyset';

/** Everything a listing shows; csvdata is only measured, so a 100 000-row set lists as fast as a tiny one. */
const SUMMARY_COLUMNS = 'id, project_id, app_id, name, columns, jsonb_array_length(csvdata) AS rows_count, created_at, updated_at';

const rowsOf = (raw: unknown): TestsetSummaryRow[] =>
  (Array.isArray(raw) ? raw : (raw as { rows?: TestsetSummaryRow[] } | undefined)?.rows ?? []) as TestsetSummaryRow[];

@Injectable()
export class TypeOrmTestsetRepository extends TestsetRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async create(testset: Testset): Promise<void> {
    try {
      await this.dataSource.getRepository(TestsetOrmEntity)
        .insert(testsetMapper.toOrm(testset) as QueryDeepPartialEntity<TestsetOrmEntity>);
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('conflict', `testset "${testset.name}" already exists`);
      throw error;
    }
  }

  async stageRows(projectId: string, uploadId: string, batch: number, rows: TestsetRow[]): Promise<void> {
    await this.dataSource.query(
      'INSERT INTO testset_staged_rows (upload_id, batch, project_id, rows) VALUES ($1, $2, $3, $4::jsonb)',
      [uploadId, batch, projectId, JSON.stringify(rows)],
    );
  }

  async createFromStaged(testset: Omit<Testset, 'rows'>, uploadId: string): Promise<void> {
    try {
      // One short transaction once the file was read, never one held open while a client sends: PGlite has one session.
      await this.dataSource.transaction(async (manager) => {
        await manager.query(
          `INSERT INTO testsets (id, project_id, app_id, name, columns, csvdata, created_at, updated_at)
           SELECT $1, $2, $3, $4, $5::jsonb, coalesce(jsonb_agg(element ORDER BY staged.batch, position), '[]'::jsonb), $6, $6
             FROM testset_staged_rows staged, jsonb_array_elements(staged.rows) WITH ORDINALITY AS elements(element, position)
            WHERE staged.upload_id = $7 AND staged.project_id = $2`,
          [testset.id, testset.projectId, testset.appId, testset.name, JSON.stringify(testset.columns), testset.createdAt.toISOString(), uploadId],
        );
        await manager.query(
          "DELETE FROM testset_staged_rows WHERE upload_id = $1 OR staged_at < now() - interval '1 day'", [uploadId],
        );
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('conflict', `testset "${testset.name}" already exists`);
      throw error;
    }
  }

  async discardStaged(projectId: string, uploadId: string): Promise<void> {
    await this.dataSource.query('DELETE FROM testset_staged_rows WHERE upload_id = $1 AND project_id = $2', [uploadId, projectId]);
  }

  async list(projectId: string, appId: string | undefined, page: PageRequest): Promise<Page<TestsetSummary>> {
    const query = this.dataSource.createQueryBuilder().select(SUMMARY_COLUMNS).from(TestsetOrmEntity, 't')
      .where('t.project_id = :projectId', { projectId });
    if (appId) query.andWhere('t.app_id = :appId', { appId });
    return mapPage(await keysetRawPage<TestsetSummaryRow>(query, OLDEST_FIRST_BY_NAME, page), testsetMapper.summaryToDomain);
  }

  async findById(projectId: string, id: string): Promise<Testset | null> {
    const row = await this.dataSource.getRepository(TestsetOrmEntity).findOneBy({ id, projectId });
    return row ? testsetMapper.toDomain(row) : null;
  }

  async findSummary(projectId: string, id: string): Promise<TestsetSummary | null> {
    const [row] = await this.dataSource.query<TestsetSummaryRow[]>(
      `SELECT ${SUMMARY_COLUMNS} FROM testsets WHERE id = $1 AND project_id = $2`, [id, projectId],
    );
    return row ? testsetMapper.summaryToDomain(row) : null;
  }

  async readRows(projectId: string, id: string, fromIndex: number, limit: number): Promise<Array<{ index: number; row: TestsetRow }>> {
    // Only the page's elements leave the database. Unnesting detoasts csvdata once per query, where
    // `csvdata -> i` per index would detoast the whole array once per row (seconds per page at 100 000 rows).
    return this.dataSource.query<Array<{ index: number; row: TestsetRow }>>(
      `SELECT (position - 1)::int AS index, element AS row
         FROM testsets, jsonb_array_elements(csvdata) WITH ORDINALITY AS elements(element, position)
        WHERE id = $1 AND project_id = $2 AND position > $3
        ORDER BY position LIMIT $4`,
      [id, projectId, fromIndex, limit],
    );
  }

  async update(projectId: string, id: string, patch: TestsetPatch): Promise<TestsetSummary | null> {
    const values: QueryDeepPartialEntity<TestsetOrmEntity> = { updatedAt: patch.updatedAt };
    if (patch.name !== undefined) values.name = patch.name;
    if (patch.rows !== undefined) Object.assign(values, { columns: patch.columns ?? [], rows: patch.rows });
    try {
      const result = await this.dataSource.createQueryBuilder()
        .update(TestsetOrmEntity)
        .set(values)
        .where('id = :id AND project_id = :projectId', { id, projectId })
        .returning(SUMMARY_COLUMNS)
        .execute();
      const [row] = rowsOf(result.raw);
      return row ? testsetMapper.summaryToDomain(row) : null;
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('conflict', `testset "${patch.name}" already exists`);
      throw error;
    }
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
