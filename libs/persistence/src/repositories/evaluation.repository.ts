import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, MoreThan } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import {
  type Evaluation, type EvaluationScenario, type EvaluatorConfig, DomainError, statusesMovableTo,
} from '@crucible/domain';
import { EvaluationRepository, EvaluatorConfigRepository, type StatusChange } from '@crucible/application';
import {
  EvaluationOrmEntity, EvaluationScenarioOrmEntity, EvaluatorConfigOrmEntity,
} from '../entities/evaluation.orm-entity';
import { evaluationMapper, evaluationScenarioMapper, evaluatorConfigMapper } from '../mappers/evaluation.mapper';
import { isUniqueViolation } from '../data-source/database-errors';

/** The unique (project, app, name) constraint, told as the port promises: a conflict naming the name. */
async function nameMustBeFree(name: string, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', `evaluator config "${name}" already exists`);
    throw error;
  }
}

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

@Injectable()
export class TypeOrmEvaluatorConfigRepository extends EvaluatorConfigRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async create(config: EvaluatorConfig): Promise<void> {
    await nameMustBeFree(config.name, () => this.dataSource.getRepository(EvaluatorConfigOrmEntity)
      .insert(evaluatorConfigMapper.toOrm(config) as QueryDeepPartialEntity<EvaluatorConfigOrmEntity>));
  }

  async list(projectId: string, appId?: string): Promise<EvaluatorConfig[]> {
    const rows = await this.dataSource.getRepository(EvaluatorConfigOrmEntity).find({
      // An app's configs include the project-wide ones (no app).
      where: appId ? [{ projectId, appId }, { projectId, appId: IsNull() }] : { projectId },
      order: { createdAt: 'ASC' },
    });
    return rows.map(evaluatorConfigMapper.toDomain);
  }

  async findByIds(projectId: string, ids: string[]): Promise<EvaluatorConfig[]> {
    if (ids.length === 0) return [];
    const rows = await this.dataSource.getRepository(EvaluatorConfigOrmEntity).findBy({ projectId, id: In(ids) });
    return rows.map(evaluatorConfigMapper.toDomain);
  }

  async update(config: EvaluatorConfig): Promise<void> {
    await nameMustBeFree(config.name, () => this.dataSource.getRepository(EvaluatorConfigOrmEntity).update(
      { id: config.id, projectId: config.projectId },
      { name: config.name, evaluatorKey: config.evaluatorKey, settingsValues: config.settingsValues, updatedAt: config.updatedAt } as QueryDeepPartialEntity<EvaluatorConfigOrmEntity>,
    ));
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(EvaluatorConfigOrmEntity).delete({ projectId, id });
    return (result.affected ?? 0) > 0;
  }
}

@Injectable()
export class TypeOrmEvaluationRepository extends EvaluationRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async createMany(evaluations: Evaluation[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      for (const evaluation of evaluations) {
        await manager.insert(EvaluationOrmEntity, evaluationMapper.toOrm(evaluation) as QueryDeepPartialEntity<EvaluationOrmEntity>);
      }
    });
  }

  async findById(projectId: string, id: string): Promise<Evaluation | null> {
    const row = await this.dataSource.getRepository(EvaluationOrmEntity).findOneBy({ projectId, id });
    return row ? evaluationMapper.toDomain(row) : null;
  }

  async list(projectId: string, filter: { appId?: string; ids?: string[] }): Promise<Evaluation[]> {
    if (filter.ids && filter.ids.length === 0) return [];
    const rows = await this.dataSource.getRepository(EvaluationOrmEntity).find({
      where: { projectId, ...(filter.appId ? { appId: filter.appId } : {}), ...(filter.ids ? { id: In(filter.ids) } : {}) },
      order: { createdAt: 'ASC', variantName: 'ASC' },
    });
    return rows.map(evaluationMapper.toDomain);
  }

  async moveStatus(projectId: string, id: string, change: StatusChange): Promise<boolean> {
    const aggregates = change.aggregates;
    const result = await this.dataSource.createQueryBuilder()
      .update(EvaluationOrmEntity)
      .set({
        status: change.to,
        updatedAt: new Date(),
        ...(change.error !== undefined ? { statusError: () => ':statusError::jsonb' } : {}),
        ...(aggregates ? {
          aggregatedResults: () => ':aggregatedResults::jsonb',
          averageCost: aggregates.averageCost,
          totalCost: aggregates.totalCost,
          averageLatency: aggregates.averageLatency,
        } : {}),
      })
      .where('id = :id AND project_id = :projectId AND status IN (:...from)', { id, projectId, from: statusesMovableTo(change.to) })
      .setParameters({ statusError: json(change.error), aggregatedResults: json(aggregates?.aggregatedResults ?? []) })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async saveScenarios(scenarios: EvaluationScenario[]): Promise<number> {
    const [first] = scenarios;
    if (!first) return 0;
    const columns = 12;
    const values = scenarios.map((_, row) => {
      const p = (column: number) => `$${row * columns + column}`;
      return `(${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}::jsonb, ${p(6)}::jsonb, ${p(7)}::jsonb, ${p(8)}::jsonb, ${p(9)}, ${p(10)}, ${p(11)}::jsonb, ${p(12)})`;
    });
    const parameters = scenarios.flatMap((s) => [
      s.id, s.projectId, s.evaluationId, s.rowIndex, json(s.inputs), json(s.output), json(s.correctAnswer),
      json(s.results), s.latency, s.cost, json(s.error), s.createdAt,
    ]);
    return this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO evaluation_scenarios
           (id, project_id, evaluation_id, row_index, inputs, output, correct_answer, results, latency, cost, error, created_at)
         VALUES ${values.join(', ')}
         ON CONFLICT (evaluation_id, row_index) DO NOTHING
         RETURNING id`,
        parameters,
      );
      if (inserted.length > 0) {
        await manager.query(
          'UPDATE evaluations SET progress_done = progress_done + $3, updated_at = now() WHERE id = $1 AND project_id = $2',
          [first.evaluationId, first.projectId, inserted.length],
        );
      }
      return inserted.length;
    });
  }

  listScenarios(projectId: string, evaluationId: string): Promise<EvaluationScenario[]> {
    return this.listScenariosOf(projectId, [evaluationId]);
  }

  async listScenariosOf(projectId: string, evaluationIds: string[]): Promise<EvaluationScenario[]> {
    if (evaluationIds.length === 0) return [];
    const rows = await this.dataSource.getRepository(EvaluationScenarioOrmEntity).find({
      where: { projectId, evaluationId: In(evaluationIds) },
      order: { rowIndex: 'ASC' },
    });
    return rows.map(evaluationScenarioMapper.toDomain);
  }

  async *scenarioPages(projectId: string, evaluationId: string, pageSize: number): AsyncIterable<EvaluationScenario[]> {
    for (let after = -1; ;) {
      const rows = await this.dataSource.getRepository(EvaluationScenarioOrmEntity).find({
        where: { projectId, evaluationId, rowIndex: MoreThan(after) },
        order: { rowIndex: 'ASC' },
        take: pageSize,
      });
      if (rows.length === 0) return;
      yield rows.map(evaluationScenarioMapper.toDomain);
      if (rows.length < pageSize) return;
      after = rows[rows.length - 1]!.rowIndex;
    }
  }

  async storedRowIndexes(projectId: string, evaluationId: string): Promise<number[]> {
    const rows: Array<{ row_index: number }> = await this.dataSource.query(
      'SELECT row_index FROM evaluation_scenarios WHERE project_id = $1 AND evaluation_id = $2',
      [projectId, evaluationId],
    );
    return rows.map((r) => r.row_index);
  }

  async deleteMany(projectId: string, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.dataSource.getRepository(EvaluationOrmEntity).delete({ projectId, id: In(ids) });
    return result.affected ?? 0;
  }

  async listUnfinished(): Promise<Array<{ id: string; projectId: string }>> {
    const rows = await this.dataSource.getRepository(EvaluationOrmEntity).find({
      select: { id: true, projectId: true },
      where: { status: In(['EVALUATION_INITIALIZED', 'EVALUATION_STARTED']) },
      order: { createdAt: 'ASC' },
    });
    return rows.map((r) => ({ id: r.id, projectId: r.projectId }));
  }
}
