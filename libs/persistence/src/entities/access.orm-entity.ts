import { Column, Entity, PrimaryColumn } from 'typeorm';

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
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
