import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { JsonObject } from './jsonb';

@Entity('apps')
export class AppOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('text') name: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}

@Entity('bases')
export class BaseOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('uuid', { name: 'app_id' }) appId: string;
  @Column('text') name: string;
  @Column('text') url: string;
  @Column('text', { name: 'route_path' }) routePath: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}

@Entity('variants')
export class VariantOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('uuid', { name: 'app_id' }) appId: string;
  @Column('uuid', { name: 'base_id' }) baseId: string;
  @Column('text') name: string;
  @Column('text', { name: 'config_name' }) configName: string;
  @Column('int') revision: number;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
  @Column('uuid', { name: 'modified_by_id', nullable: true }) modifiedById: string | null;
}

@Entity('variant_revisions')
export class VariantRevisionOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('uuid', { name: 'variant_id' }) variantId: string;
  @Column('int') revision: number;
  @Column('text', { name: 'config_name' }) configName: string;
  @Column('jsonb') parameters: JsonObject;
  @Column('text', { name: 'commit_message', nullable: true }) commitMessage: string | null;
  @Column('uuid', { name: 'modified_by_id', nullable: true }) modifiedById: string | null;
  @Column('text', { name: 'modified_by', nullable: true }) modifiedBy: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
