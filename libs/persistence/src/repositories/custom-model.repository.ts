import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type CustomModel, DomainError } from '@crucible/domain';
import { type CustomModelChanges, CustomModelRepository } from '@crucible/application';
import { CUSTOM_MODEL_COLUMNS, customModelFromRow, customModelToParameters } from '../mappers/custom-model.mapper';
import { isUniqueViolation } from '../data-source/database-errors';

const taken = (name: string | undefined) => new DomainError('conflict', `the connection already has a model named "${name}"`);

@Injectable()
export class TypeOrmCustomModelRepository extends CustomModelRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async list(projectId: string): Promise<CustomModel[]> {
    const rows = await this.dataSource.query(
      `SELECT ${CUSTOM_MODEL_COLUMNS} FROM custom_models WHERE project_id = $1 ORDER BY created_at, id`, [projectId],
    );
    return rows.map(customModelFromRow);
  }

  async findById(projectId: string, id: string): Promise<CustomModel | null> {
    const [row] = await this.dataSource.query(`SELECT ${CUSTOM_MODEL_COLUMNS} FROM custom_models WHERE project_id = $1 AND id = $2`, [projectId, id]);
    return row ? customModelFromRow(row) : null;
  }

  async create(model: CustomModel): Promise<CustomModel> {
    try {
      await this.dataSource.query(
        `INSERT INTO custom_models (${CUSTOM_MODEL_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, customModelToParameters(model),
      );
      return model;
    } catch (error) {
      if (isUniqueViolation(error)) throw taken(model.name);
      throw error;
    }
  }

  async update(projectId: string, id: string, changes: CustomModelChanges, at: Date): Promise<CustomModel | null> {
    const current = await this.findById(projectId, id);
    if (!current) return null;
    const next: CustomModel = { ...current, ...changes, updatedAt: at };
    try {
      const [row] = await this.dataSource.query(
        // A CTE: TypeORM answers a bare UPDATE … RETURNING as [rows, count].
        `WITH changed AS (
           UPDATE custom_models SET name = $3, input_price_per_mtok = $4, output_price_per_mtok = $5, cached_input_price_per_mtok = $6,
             match_pattern = $7, updated_at = $8 WHERE project_id = $1 AND id = $2 RETURNING ${CUSTOM_MODEL_COLUMNS}
         ) SELECT * FROM changed`,
        [projectId, id, next.name, next.prices.input, next.prices.output, next.prices.cachedInput, next.matchPattern, at.toISOString()],
      );
      return row ? customModelFromRow(row) : null;
    } catch (error) {
      if (isUniqueViolation(error)) throw taken(changes.name);
      throw error;
    }
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    const [{ deleted }] = await this.dataSource.query(
      'WITH gone AS (DELETE FROM custom_models WHERE project_id = $1 AND id = $2 RETURNING 1) SELECT count(*)::int AS deleted FROM gone', [projectId, id],
    );
    return Number(deleted) > 0;
  }
}
