import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { TestsetChange, TestsetRow } from '@crucible/domain';

/** A test set as of its latest version: what listings show; the rows live in its versions. */
@Entity('testsets')
export class TestsetOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('uuid', { name: 'app_id', nullable: true }) appId: string | null;
  @Column('text') name: string;
  @Column('jsonb') columns: string[];
  @Column('int') version: number;
  @Column('int', { name: 'rows_count' }) rowsCount: number;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}

/** One immutable version of a test set's rows. */
@Entity('testset_versions')
export class TestsetVersionOrmEntity {
  @PrimaryColumn('uuid', { name: 'testset_id' }) testsetId: string;
  @PrimaryColumn('int') version: number;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('jsonb') columns: string[];
  /** Agenta's name for the rows, kept so exports and SQL read alike. */
  @Column('jsonb', { name: 'csvdata' }) rows: TestsetRow[];
  @Column('int', { name: 'rows_count' }) rowsCount: number;
  @Column('text') change: TestsetChange;
  @Column('text', { name: 'created_by', nullable: true }) createdBy: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
