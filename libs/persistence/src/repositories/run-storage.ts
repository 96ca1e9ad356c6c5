import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { type Run, UNFINISHED_RUN_STATUSES } from '@crucible/domain';
import { type PageRequest, type RowRun, type RunReference, type StreamedPage, mapStreamedPage } from '@crucible/application';
import { BY_ROW, BY_ROW_AND_REPETITION, streamedKeysetPage } from './keyset';
import { type RunTables, runStatusSql, storedRowRunsSql, unfinishedRunsSql } from './run-storage.sql';

/** One kind of run as stored: its tables, its entities and how they map. */
export interface RunStorageOf<R extends Run, S, RE extends ObjectLiteral, SE extends ObjectLiteral> {
  tables: RunTables;
  runEntity: EntityTarget<RE>;
  scenarioEntity: EntityTarget<SE>;
  runToDomain(row: RE): R;
  scenarioToDomain(row: SE): S;
}

/** What both run repositories read alike of their runs and scenarios; each delegates to one of these. */
export class RunStorage<R extends Run, S, RE extends ObjectLiteral, SE extends ObjectLiteral> {
  private readonly sql: { status: string; storedRowRuns: string; unfinished: string };

  constructor(private readonly dataSource: DataSource, private readonly kind: RunStorageOf<R, S, RE, SE>) {
    this.sql = { status: runStatusSql(kind.tables), storedRowRuns: storedRowRunsSql(kind.tables), unfinished: unfinishedRunsSql(kind.tables) };
  }

  async findById(projectId: string, id: string): Promise<R | null> {
    const row = await this.dataSource.getRepository(this.kind.runEntity).createQueryBuilder('r')
      .where('r.project_id = :projectId AND r.id = :id', { projectId, id }).getOne();
    return row ? this.kind.runToDomain(row) : null;
  }

  async statusOf(projectId: string, id: string): Promise<R['status'] | null> {
    const [row]: Array<{ status: R['status'] }> = await this.dataSource.query(this.sql.status, [projectId, id]);
    return row?.status ?? null;
  }

  async storedRowRuns(projectId: string, runId: string): Promise<RowRun[]> {
    const rows: Array<{ row_index: number; repetition: number }> = await this.dataSource.query(this.sql.storedRowRuns, [projectId, runId]);
    return rows.map((r) => ({ rowIndex: r.row_index, repetition: r.repetition }));
  }

  async listScenarios(projectId: string, runId: string): Promise<S[]> {
    const ordered = this.scenariosOf(projectId, runId).orderBy('s.row_index');
    if (this.kind.tables.repetitionColumn) ordered.addOrderBy(`s.${this.kind.tables.repetitionColumn}`);
    const rows = await ordered.getMany();
    return rows.map(this.kind.scenarioToDomain);
  }

  async streamScenarios(projectId: string, runId: string, page: PageRequest, chunkSize: number): Promise<StreamedPage<S>> {
    const scoped = () => this.scenariosOf(projectId, runId);
    return mapStreamedPage(await streamedKeysetPage(scoped, this.kind.tables.repetitionColumn ? BY_ROW_AND_REPETITION : BY_ROW, page, chunkSize), this.kind.scenarioToDomain);
  }

  async deleteMany(projectId: string, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.dataSource.createQueryBuilder().delete().from(this.kind.runEntity)
      .where('project_id = :projectId AND id IN (:...ids)', { projectId, ids }).execute();
    return result.affected ?? 0;
  }

  async listUnfinished(): Promise<RunReference[]> {
    const rows: Array<{ id: string; project_id: string }> = await this.dataSource.query(this.sql.unfinished, [[...UNFINISHED_RUN_STATUSES]]);
    return rows.map((r) => ({ id: r.id, projectId: r.project_id }));
  }

  private scenariosOf(projectId: string, runId: string) {
    return this.dataSource.getRepository(this.kind.scenarioEntity).createQueryBuilder('s')
      .where(`s.project_id = :projectId AND s.${this.kind.tables.runColumn} = :runId`, { projectId, runId });
  }
}
