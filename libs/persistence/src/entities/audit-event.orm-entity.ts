import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { AuditActor } from '@crucible/domain';

@Entity('audit_events')
export class AuditEventOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('timestamptz') at: Date;
  @Column('text', { name: 'actor_type' }) actorType: AuditActor['type'];
  @Column('text', { name: 'actor_id' }) actorId: string;
  @Column('text', { name: 'actor_name' }) actorName: string;
  @Column('text') action: string;
  @Column('text', { name: 'resource_type' }) resourceType: string;
  @Column('text', { name: 'resource_id', nullable: true }) resourceId: string | null;
  @Column('text') summary: string;
  @Column('text', { nullable: true }) ip: string | null;
}
