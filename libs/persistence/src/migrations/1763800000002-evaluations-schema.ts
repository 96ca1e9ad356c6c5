import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EvaluationsSchema1763800000002 implements MigrationInterface {
  name = 'EvaluationsSchema1763800000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE evaluator_configs (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        app_id uuid REFERENCES apps(id) ON DELETE CASCADE,
        name text NOT NULL,
        evaluator_key text NOT NULL,
        settings_values jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX evaluator_configs_project_app_idx ON evaluator_configs(project_id, app_id);
      CREATE TABLE evaluations (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        variant_id uuid NOT NULL,
        variant_name text NOT NULL,
        variant_revision_id uuid NOT NULL,
        revision int NOT NULL,
        parameters jsonb NOT NULL,
        invocation_url text NOT NULL,
        testset_id uuid NOT NULL,
        testset_name text NOT NULL,
        evaluator_configs jsonb NOT NULL,
        correct_answer_column text,
        rate_limit jsonb NOT NULL,
        status text NOT NULL,
        status_error jsonb,
        progress_done int NOT NULL DEFAULT 0,
        progress_total int NOT NULL,
        aggregated_results jsonb NOT NULL,
        average_cost double precision,
        total_cost double precision,
        average_latency double precision,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX evaluations_project_app_idx ON evaluations(project_id, app_id, created_at);
      CREATE INDEX evaluations_unfinished_idx ON evaluations(status) WHERE status IN ('EVALUATION_INITIALIZED', 'EVALUATION_STARTED');
      CREATE TABLE evaluation_scenarios (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        evaluation_id uuid NOT NULL REFERENCES evaluations(id) ON DELETE CASCADE,
        row_index int NOT NULL,
        inputs jsonb NOT NULL,
        output jsonb,
        correct_answer jsonb,
        results jsonb NOT NULL,
        latency double precision,
        cost double precision,
        error jsonb,
        created_at timestamptz NOT NULL,
        CONSTRAINT evaluation_scenarios_row_unique UNIQUE (evaluation_id, row_index)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE evaluation_scenarios; DROP TABLE evaluations; DROP TABLE evaluator_configs;');
  }
}
