import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { OnlineEvaluationFilter } from '@crucible/domain';

/** Executions are read and written with raw SQL (online-evaluation.sql.ts): claiming them is one conditional update. */
@Entity('online_evaluations')
export class OnlineEvaluationOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('text') name: string;
  @Column('uuid', { name: 'evaluator_config_id' }) evaluatorConfigId: string;
  @Column('uuid', { name: 'app_id' }) appId: string;
  @Column('text', { nullable: true }) environment: string | null;
  @Column('jsonb') filter: OnlineEvaluationFilter;
  @Column('double precision', { name: 'sampling_rate' }) samplingRate: number;
  @Column('int', { name: 'delay_seconds' }) delaySeconds: number;
  @Column('boolean') active: boolean;
  @Column('text', { name: 'paused_reason', nullable: true }) pausedReason: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
  @Column('text', { name: 'created_by' }) createdBy: string;
}
