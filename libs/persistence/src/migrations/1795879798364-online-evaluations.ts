import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Online evaluation rules and their execution log (ARCHITECTURE §18). An execution is one trace a rule saw, once per
 * (rule, trace) so nothing is evaluated twice, and goes with the trace when retention deletes it. `due_at` holds a
 * pending execution back for the rule's delay; `claimed_until` is the lease of the runner working on it, so a claim
 * whose runner died is taken again once it lapses.
 */
export class OnlineEvaluations1795879798364 implements MigrationInterface {
  name = 'OnlineEvaluations1795879798364';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE online_evaluations (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name text NOT NULL,
        evaluator_config_id uuid NOT NULL REFERENCES evaluator_configs(id) ON DELETE CASCADE,
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        environment text,
        filter jsonb NOT NULL,
        sampling_rate double precision NOT NULL CHECK (sampling_rate >= 0 AND sampling_rate <= 1),
        delay_seconds int NOT NULL DEFAULT 0,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        created_by text NOT NULL
      );
      CREATE INDEX online_evaluations_project_created_idx ON online_evaluations(project_id, created_at, id);
      CREATE INDEX online_evaluations_app_idx ON online_evaluations(project_id, app_id);
      CREATE TABLE online_evaluation_executions (
        project_id uuid NOT NULL,
        rule_id uuid NOT NULL REFERENCES online_evaluations(id) ON DELETE CASCADE,
        trace_id text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'completed', 'error', 'skipped')),
        reason text,
        score_id text,
        due_at timestamptz NOT NULL,
        claimed_until timestamptz,
        attempts int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (rule_id, trace_id),
        FOREIGN KEY (project_id, trace_id) REFERENCES traces(project_id, trace_id) ON DELETE CASCADE
      );
      CREATE INDEX online_evaluation_executions_log_idx ON online_evaluation_executions(rule_id, status, created_at, trace_id);
      CREATE INDEX online_evaluation_executions_due_idx ON online_evaluation_executions(due_at) WHERE status = 'pending';
      CREATE INDEX online_evaluation_executions_trace_idx ON online_evaluation_executions(project_id, trace_id);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE online_evaluation_executions; DROP TABLE online_evaluations');
  }
}
