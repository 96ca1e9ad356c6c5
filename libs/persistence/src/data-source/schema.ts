import { ApiKeyOrmEntity, ProjectOrmEntity } from '../entities/access.orm-entity';
import { AppOrmEntity, BaseOrmEntity, VariantOrmEntity, VariantRevisionOrmEntity } from '../entities/registry.orm-entity';
import { EnvironmentOrmEntity, EnvironmentRevisionOrmEntity } from '../entities/environment.orm-entity';
import { RegistrySchema1763800000000 } from '../migrations/1763800000000-registry-schema';

export const ORM_ENTITIES = [
  ProjectOrmEntity, ApiKeyOrmEntity, AppOrmEntity, BaseOrmEntity, VariantOrmEntity, VariantRevisionOrmEntity,
  EnvironmentOrmEntity, EnvironmentRevisionOrmEntity,
];

/** Applied in order on PostgreSQL and PGlite alike. */
export const MIGRATIONS = [RegistrySchema1763800000000];
