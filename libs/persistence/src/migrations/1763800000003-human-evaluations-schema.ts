import type { MigrationInterface, QueryRunner } from 'typeorm';

export class HumanEvaluationsSchema1763800000003 implements MigrationInterface {
  name = 'HumanEvaluationsSchema1763800000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE human_evaluations (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        evaluation_type text NOT NULL CHECK (evaluation_type IN ('human_a_b_testing', 'single_model_test')),
        variants jsonb NOT NULL,
        testset_id uuid NOT NULL,
        testset_name text NOT NULL,
        input_columns jsonb NOT NULL,
        correct_answer_column text,
        status text NOT NULL,
        status_error jsonb,
        progress_done int NOT NULL DEFAULT 0,
        progress_total int NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX human_evaluations_project_app_idx ON human_evaluations(project_id, app_id, created_at);
      CREATE INDEX human_evaluations_unfinished_idx ON human_evaluations(status)
        WHERE status IN ('EVALUATION_INITIALIZED', 'EVALUATION_STARTED');
      CREATE TABLE human_evaluation_scenarios (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        human_evaluation_id uuid NOT NULL REFERENCES human_evaluations(id) ON DELETE CASCADE,
        row_index int NOT NULL,
        inputs jsonb NOT NULL,
        outputs jsonb NOT NULL,
        vote text,
        score int CHECK (score BETWEEN 1 AND 5),
        correct_answer text,
        is_pinned boolean NOT NULL DEFAULT false,
        note text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT human_evaluation_scenarios_row_unique UNIQUE (human_evaluation_id, row_index)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE human_evaluation_scenarios; DROP TABLE human_evaluations;');
  }
}
