import type { Score, ScoreConfig } from '@crucible/domain';
import type { ScoreConfigOrmEntity, ScoreOrmEntity } from '../entities/feedback.orm-entity';
import { pick } from './pick';

const configKeys: Array<keyof ScoreConfig> = [
  'id', 'projectId', 'name', 'dataType', 'min', 'max', 'categories', 'description', 'archived', 'createdAt', 'updatedAt', 'createdBy',
];
const scoreKeys: Array<keyof Score> = [
  'id', 'projectId', 'traceId', 'spanId', 'name', 'dataType', 'value', 'stringValue', 'comment', 'configId', 'source', 'authorId',
  'author', 'createdAt',
];

// float8 columns arrive as numbers from both drivers; the entity and the domain share their fields one for one.
export const scoreConfigMapper = {
  toDomain: (row: ScoreConfigOrmEntity): ScoreConfig => pick<ScoreConfig>(row, configKeys),
  toOrm: (config: ScoreConfig): ScoreConfigOrmEntity => pick<ScoreConfig>(config, configKeys),
};

export const scoreMapper = {
  toDomain: (row: ScoreOrmEntity): Score => pick<Score>(row, scoreKeys),
  toOrm: (score: Score): ScoreOrmEntity => pick<Score>(score, scoreKeys),
};
