import type {
  ApiKey, App, Base, Environment, EnvironmentRevision, Project, Variant, VariantRevision,
} from '@crucible/domain';
import type { ApiKeyOrmEntity, ProjectOrmEntity } from '../entities/access.orm-entity';
import type { AppOrmEntity, BaseOrmEntity, VariantOrmEntity, VariantRevisionOrmEntity } from '../entities/registry.orm-entity';
import type { EnvironmentOrmEntity, EnvironmentRevisionOrmEntity } from '../entities/environment.orm-entity';
import { pick } from './pick';

/* The ORM entities mirror these domain records column for column: mapping is a copy of the known fields. */

const projectKeys: Array<keyof Project> = ['id', 'name', 'createdAt'];
/** A key's last use lives in `api_key_uses` (written apart, so it sends no change notice): lists add it. */
const apiKeyKeys: Array<keyof ApiKeyOrmEntity> = ['id', 'projectId', 'name', 'prefix', 'keyHash', 'role', 'createdAt', 'revokedAt', 'createdBy'];
const appKeys: Array<keyof App> = ['id', 'projectId', 'name', 'createdAt', 'updatedAt'];
const baseKeys: Array<keyof Base> = ['id', 'projectId', 'appId', 'name', 'url', 'routePath', 'createdAt'];
const variantKeys: Array<keyof Variant> = [
  'id', 'projectId', 'appId', 'baseId', 'name', 'configName', 'revision', 'createdAt', 'updatedAt', 'modifiedById',
];
const variantRevisionKeys: Array<keyof VariantRevision> = [
  'id', 'projectId', 'variantId', 'revision', 'configName', 'parameters', 'commitMessage', 'modifiedById', 'modifiedBy', 'createdAt',
];
const environmentKeys: Array<keyof Environment> = [
  'id', 'projectId', 'appId', 'name', 'deployedVariantId', 'deployedVariantName', 'deployedVariantRevisionId', 'revision', 'createdAt',
];
const environmentRevisionKeys: Array<keyof EnvironmentRevision> = [
  'id', 'projectId', 'environmentId', 'revision', 'deployedVariantId', 'deployedVariantName', 'deployedVariantRevisionId',
  'deployedVariantRevision', 'commitMessage', 'modifiedById', 'modifiedBy', 'createdAt',
];

export const projectMapper = {
  toDomain: (row: ProjectOrmEntity): Project => pick<Project>(row, projectKeys),
  toOrm: (project: Project): ProjectOrmEntity => pick(project, projectKeys),
};
export const apiKeyMapper = {
  toDomain: (row: ApiKeyOrmEntity, lastUsedAt: Date | null = null): ApiKey => ({ ...pick(row, apiKeyKeys), lastUsedAt }),
  toOrm: (key: ApiKey): ApiKeyOrmEntity => pick<ApiKeyOrmEntity>(key, apiKeyKeys),
};
export const appMapper = {
  toDomain: (row: AppOrmEntity): App => pick<App>(row, appKeys),
  toOrm: (app: App): AppOrmEntity => pick(app, appKeys),
};
export const baseMapper = {
  toDomain: (row: BaseOrmEntity): Base => pick<Base>(row, baseKeys),
  toOrm: (base: Base): BaseOrmEntity => pick(base, baseKeys),
};
export const variantMapper = {
  toDomain: (row: VariantOrmEntity): Variant => pick<Variant>(row, variantKeys),
  toOrm: (variant: Variant): VariantOrmEntity => pick(variant, variantKeys),
};
export const variantRevisionMapper = {
  toDomain: (row: VariantRevisionOrmEntity): VariantRevision => pick<VariantRevision>(row, variantRevisionKeys),
  toOrm: (revision: VariantRevision): VariantRevisionOrmEntity =>
    pick(revision, variantRevisionKeys),
};
export const environmentMapper = {
  toDomain: (row: EnvironmentOrmEntity): Environment => pick<Environment>(row, environmentKeys),
  toOrm: (environment: Environment): EnvironmentOrmEntity =>
    pick(environment, environmentKeys),
};
export const environmentRevisionMapper = {
  toDomain: (row: EnvironmentRevisionOrmEntity): EnvironmentRevision => pick<EnvironmentRevision>(row, environmentRevisionKeys),
  toOrm: (revision: EnvironmentRevision): EnvironmentRevisionOrmEntity =>
    pick(revision, environmentRevisionKeys),
};
