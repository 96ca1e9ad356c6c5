import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A project's own models with their prices (ARCHITECTURE §15), and whether a trace's or span's cost was reported by the
 * client or computed by Crucible. A custom model names its connection by id without a foreign key: the connection may be
 * the `environment` fallback, which has no row. Traces and spans stored before have no cost source (null).
 */
export class CustomModelsAndCostSource1765000003000 implements MigrationInterface {
  name = 'CustomModelsAndCostSource1765000003000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE custom_models (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        provider_connection_id text NOT NULL,
        name text NOT NULL,
        input_price_per_mtok double precision NOT NULL CHECK (input_price_per_mtok >= 0),
        output_price_per_mtok double precision NOT NULL CHECK (output_price_per_mtok >= 0),
        cached_input_price_per_mtok double precision CHECK (cached_input_price_per_mtok >= 0),
        match_pattern text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT custom_models_name_per_connection UNIQUE (project_id, provider_connection_id, name)
      );
      ALTER TABLE traces ADD COLUMN cost_source text;
      ALTER TABLE spans ADD COLUMN cost_source text;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE custom_models; ALTER TABLE traces DROP COLUMN cost_source; ALTER TABLE spans DROP COLUMN cost_source');
  }
}
