import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ApiKeyRole } from '@crucible/domain';

@Entity('projects')
export class ProjectOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('text') name: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}

@Entity('api_keys')
export class ApiKeyOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('text') name: string;
  @Column('text') prefix: string;
  @Column('text', { name: 'key_hash' }) keyHash: string;
  @Column('text') role: ApiKeyRole;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt: Date | null;
  @Column('text', { name: 'created_by', nullable: true }) createdBy: string | null;
}
