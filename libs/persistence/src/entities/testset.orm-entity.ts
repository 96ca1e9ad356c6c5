import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { TestsetRow } from '@crucible/domain';

@Entity('testsets')
export class TestsetOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('uuid', { name: 'app_id', nullable: true }) appId: string | null;
  @Column('text') name: string;
  @Column('jsonb') columns: string[];
  /** Agenta's name for the rows, kept so exports and SQL read alike. */
  @Column('jsonb', { name: 'csvdata' }) rows: TestsetRow[];
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
