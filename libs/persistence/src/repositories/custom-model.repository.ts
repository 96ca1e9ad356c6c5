import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CustomModel } from '@crucible/domain';
import { type CustomModelChanges, CustomModelRepository } from '@crucible/application';
import { customModelFromRow, customModelToParameters } from '../mappers/custom-model.mapper';
import {
  CUSTOM_MODELS_OF_PROJECT, CUSTOM_MODEL_BY_ID, CUSTOM_MODEL_DELETE, CUSTOM_MODEL_INSERT, CUSTOM_MODEL_UPDATE,
} from './custom-model.sql';
import { conflictIfTaken } from '../data-source/database-errors';

const taken = (name: string | undefined) => `the connection already has a model named "${name}"`;

@Injectable()
export class TypeOrmCustomModelRepository extends CustomModelRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async list(projectId: string): Promise<CustomModel[]> {
    const rows = await this.dataSource.query(CUSTOM_MODELS_OF_PROJECT, [projectId]);
    return rows.map(customModelFromRow);
  }

  async findById(projectId: string, id: string): Promise<CustomModel | null> {
    const [row] = await this.dataSource.query(CUSTOM_MODEL_BY_ID, [projectId, id]);
    return row ? customModelFromRow(row) : null;
  }

  async create(model: CustomModel): Promise<CustomModel> {
    return conflictIfTaken(taken(model.name), async () => {
      await this.dataSource.query(CUSTOM_MODEL_INSERT, customModelToParameters(model));
      return model;
    });
  }

  async update(projectId: string, id: string, changes: CustomModelChanges, at: Date): Promise<CustomModel | null> {
    const current = await this.findById(projectId, id);
    if (!current) return null;
    const next: CustomModel = { ...current, ...changes, updatedAt: at };
    return conflictIfTaken(taken(changes.name), async () => {
      const [row] = await this.dataSource.query(
        CUSTOM_MODEL_UPDATE,
        [projectId, id, next.name, next.prices.input, next.prices.output, next.prices.cachedInput, next.matchPattern, at.toISOString()],
      );
      return row ? customModelFromRow(row) : null;
    });
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    const [{ deleted }] = await this.dataSource.query(CUSTOM_MODEL_DELETE, [projectId, id]);
    return Number(deleted) > 0;
  }
}
