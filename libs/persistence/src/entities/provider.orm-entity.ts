import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ProviderKind } from '@crucible/domain';

@Entity('provider_connections')
export class ProviderConnectionOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('text') name: string;
  @Column('text') kind: ProviderKind;
  @Column('text', { name: 'base_url', nullable: true }) baseUrl: string | null;
  @Column('text', { name: 'api_version', nullable: true }) apiVersion: string | null;
  @Column('text', { name: 'api_key_hint', nullable: true }) apiKeyHint: string | null;
  @Column('jsonb', { name: 'header_names' }) headerNames: string[];
  @Column('text', { name: 'secret_key_id', nullable: true }) secretKeyId: string | null;
  @Column('text', { name: 'secret_ciphertext', nullable: true }) secretCiphertext: string | null;
  @Column('jsonb', { name: 'listed_models' }) listedModels: string[];
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('text', { name: 'created_by' }) createdBy: string;
}

@Entity('secret_key_checks')
export class SecretKeyCheckOrmEntity {
  @PrimaryColumn('int') id: number;
  @Column('text', { name: 'key_id' }) keyId: string;
  @Column('text') ciphertext: string;
}
