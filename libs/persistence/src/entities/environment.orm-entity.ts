import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('environments')
export class EnvironmentOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('uuid', { name: 'app_id' }) appId: string;
  @Column('text') name: string;
  @Column('uuid', { name: 'deployed_variant_id', nullable: true }) deployedVariantId: string | null;
  @Column('text', { name: 'deployed_variant_name', nullable: true }) deployedVariantName: string | null;
  @Column('uuid', { name: 'deployed_variant_revision_id', nullable: true }) deployedVariantRevisionId: string | null;
  @Column('int', { nullable: true }) revision: number | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}

@Entity('environment_revisions')
export class EnvironmentRevisionOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('uuid', { name: 'environment_id' }) environmentId: string;
  @Column('int') revision: number;
  @Column('uuid', { name: 'deployed_variant_id', nullable: true }) deployedVariantId: string | null;
  @Column('text', { name: 'deployed_variant_name', nullable: true }) deployedVariantName: string | null;
  @Column('uuid', { name: 'deployed_variant_revision_id', nullable: true }) deployedVariantRevisionId: string | null;
  @Column('int', { name: 'deployed_variant_revision', nullable: true }) deployedVariantRevision: number | null;
  @Column('text', { name: 'commit_message', nullable: true }) commitMessage: string | null;
  @Column('uuid', { name: 'modified_by_id', nullable: true }) modifiedById: string | null;
  @Column('text', { name: 'modified_by' }) modifiedBy: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
