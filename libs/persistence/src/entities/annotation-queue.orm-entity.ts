import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Items are read and written with raw SQL (annotation-queue.sql.ts): handing them out is one conditional update. */
@Entity('annotation_queues')
export class AnnotationQueueOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('text') name: string;
  @Column('text', { nullable: true }) description: string | null;
  @Column('jsonb', { name: 'score_config_ids' }) scoreConfigIds: string[];
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('text', { name: 'created_by' }) createdBy: string;
}
