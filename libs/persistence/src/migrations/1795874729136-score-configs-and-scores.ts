import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Score configs and scores (ARCHITECTURE §18). A config's name is unique among the project's configs not archived, so
 * a score sent by name alone finds one config to be checked against. A score belongs to a trace of its project and goes
 * with it when retention deletes the trace; its id is the caller's (idempotency), unique within the project.
 */
export class ScoreConfigsAndScores1795874729136 implements MigrationInterface {
  name = 'ScoreConfigsAndScores1795874729136';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE score_configs (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name text NOT NULL,
        data_type text NOT NULL CHECK (data_type IN ('numeric', 'categorical', 'boolean', 'text')),
        min double precision,
        max double precision,
        categories jsonb,
        description text,
        archived boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        created_by text NOT NULL
      );
      CREATE UNIQUE INDEX score_configs_active_name_idx ON score_configs(project_id, name) WHERE NOT archived;
      CREATE INDEX score_configs_project_created_idx ON score_configs(project_id, created_at, id);
      CREATE TABLE scores (
        project_id uuid NOT NULL,
        id text NOT NULL,
        trace_id text NOT NULL,
        span_id text,
        name text NOT NULL,
        data_type text NOT NULL CHECK (data_type IN ('numeric', 'categorical', 'boolean', 'text')),
        value double precision,
        string_value text,
        comment text,
        config_id uuid REFERENCES score_configs(id) ON DELETE SET NULL,
        source text NOT NULL CHECK (source IN ('api', 'sdk', 'annotation', 'online_evaluation')),
        author_id text,
        author text,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (project_id, id),
        FOREIGN KEY (project_id, trace_id) REFERENCES traces(project_id, trace_id) ON DELETE CASCADE
      );
      CREATE INDEX scores_trace_idx ON scores(project_id, trace_id);
      CREATE INDEX scores_name_value_idx ON scores(project_id, name, value);
      CREATE INDEX scores_project_created_idx ON scores(project_id, created_at, id);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE scores; DROP TABLE score_configs');
  }
}
