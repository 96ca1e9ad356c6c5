import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Provider connections (ARCHITECTURE §15): the key and extra headers only as AES-256-GCM ciphertext beside the id of
 * the master key that sealed them; `secret_key_checks` holds one known value sealed the same way, so a wrong master
 * key is refused at start.
 */
export class ProviderConnections1765000001000 implements MigrationInterface {
  name = 'ProviderConnections1765000001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE provider_connections (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name text NOT NULL,
        kind text NOT NULL,
        base_url text,
        api_version text,
        api_key_hint text,
        header_names jsonb NOT NULL DEFAULT '[]',
        secret_key_id text,
        secret_ciphertext text,
        listed_models jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL,
        created_by text NOT NULL,
        CONSTRAINT provider_connections_name_unique UNIQUE (project_id, name)
      );
      CREATE INDEX provider_connections_kind ON provider_connections (project_id, kind, created_at);
      CREATE TABLE secret_key_checks (id int PRIMARY KEY, key_id text NOT NULL, ciphertext text NOT NULL);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE secret_key_checks; DROP TABLE provider_connections');
  }
}
