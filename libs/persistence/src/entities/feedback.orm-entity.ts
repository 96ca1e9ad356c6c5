import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ScoreCategory, ScoreDataType, ScoreSource } from '@crucible/domain';

@Entity('score_configs')
export class ScoreConfigOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('text') name: string;
  @Column('text', { name: 'data_type' }) dataType: ScoreDataType;
  @Column('float8', { nullable: true }) min: number | null;
  @Column('float8', { nullable: true }) max: number | null;
  @Column('jsonb', { nullable: true }) categories: ScoreCategory[] | null;
  @Column('text', { nullable: true }) description: string | null;
  @Column('boolean') archived: boolean;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
  @Column('text', { name: 'created_by' }) createdBy: string;
}

@Entity('scores')
export class ScoreOrmEntity {
  @PrimaryColumn('uuid', { name: 'project_id' }) projectId: string;
  @PrimaryColumn('text') id: string;
  @Column('text', { name: 'trace_id' }) traceId: string;
  @Column('text', { name: 'span_id', nullable: true }) spanId: string | null;
  @Column('text') name: string;
  @Column('text', { name: 'data_type' }) dataType: ScoreDataType;
  @Column('float8', { nullable: true }) value: number | null;
  @Column('text', { name: 'string_value', nullable: true }) stringValue: string | null;
  @Column('text', { nullable: true }) comment: string | null;
  @Column('uuid', { name: 'config_id', nullable: true }) configId: string | null;
  @Column('text') source: ScoreSource;
  @Column('text', { name: 'author_id', nullable: true }) authorId: string | null;
  @Column('text', { nullable: true }) author: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
