import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes on the foreign-key side that deletes and per-app listings need, the unique evaluator-config name the
 * port promises (one per project and app, project-wide configs included), and the Idempotency-Key answers.
 */
export class JobsHardening1763800000004 implements MigrationInterface {
  name = 'JobsHardening1763800000004';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX evaluations_app_idx ON evaluations(app_id);
      CREATE INDEX human_evaluations_app_idx ON human_evaluations(app_id);
      CREATE INDEX evaluator_configs_app_idx ON evaluator_configs(app_id);
      CREATE INDEX environments_deployed_variant_idx ON environments(deployed_variant_id);

      -- Names taken twice before the constraint existed keep the oldest as it is; later ones get a suffix.
      UPDATE evaluator_configs AS c SET name = c.name || ' (' || d.position || ')'
      FROM (
        SELECT id, row_number() OVER (PARTITION BY project_id, app_id, name ORDER BY created_at, id) AS position
        FROM evaluator_configs
      ) AS d
      WHERE c.id = d.id AND d.position > 1;
      ALTER TABLE evaluator_configs
        ADD CONSTRAINT evaluator_configs_name_unique UNIQUE NULLS NOT DISTINCT (project_id, app_id, name);

      CREATE TABLE idempotency_keys (
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        key text NOT NULL,
        request_hash text NOT NULL,
        response_status int,
        response_body jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, key)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE idempotency_keys;
      ALTER TABLE evaluator_configs DROP CONSTRAINT evaluator_configs_name_unique;
      DROP INDEX environments_deployed_variant_idx; DROP INDEX evaluator_configs_app_idx;
      DROP INDEX human_evaluations_app_idx; DROP INDEX evaluations_app_idx;
    `);
  }
}
