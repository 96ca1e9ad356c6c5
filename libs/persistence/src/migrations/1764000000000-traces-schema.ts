import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Traces of workflow calls (ARCHITECTURE §14). App, variant and revision ids are kept as the producer sent
 * them, without foreign keys: traces outlive deleted apps until retention removes them, and every read is
 * scoped to the project anyway.
 */
export class TracesSchema1764000000000 implements MigrationInterface {
  name = 'TracesSchema1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE traces (
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        trace_id text NOT NULL,
        source text NOT NULL CHECK (source IN ('sdk', 'otlp')),
        name text NOT NULL,
        app_id text,
        variant_id text,
        variant_revision_id text,
        environment text,
        route text,
        status text NOT NULL CHECK (status IN ('ok', 'error')),
        start_time timestamptz NOT NULL,
        end_time timestamptz NOT NULL,
        latency_ms double precision NOT NULL,
        cost double precision NOT NULL DEFAULT 0,
        prompt_tokens bigint NOT NULL DEFAULT 0,
        completion_tokens bigint NOT NULL DEFAULT 0,
        total_tokens bigint NOT NULL DEFAULT 0,
        model text,
        inputs jsonb,
        output jsonb,
        error jsonb,
        span_count int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, trace_id)
      );
      CREATE INDEX traces_project_time_idx ON traces(project_id, start_time DESC, trace_id DESC);
      CREATE INDEX traces_project_app_env_time_idx ON traces(project_id, app_id, environment, start_time DESC);
      CREATE INDEX traces_project_variant_time_idx ON traces(project_id, variant_id, start_time DESC);
      CREATE INDEX traces_start_time_idx ON traces(start_time);
      CREATE TABLE spans (
        project_id uuid NOT NULL,
        trace_id text NOT NULL,
        span_id text NOT NULL,
        parent_span_id text,
        name text NOT NULL,
        kind text NOT NULL,
        status text NOT NULL CHECK (status IN ('ok', 'error')),
        start_time timestamptz NOT NULL,
        end_time timestamptz NOT NULL,
        latency_ms double precision NOT NULL,
        inputs jsonb,
        outputs jsonb,
        error jsonb,
        model text,
        prompt_tokens bigint,
        completion_tokens bigint,
        total_tokens bigint,
        cost double precision,
        attributes jsonb,
        PRIMARY KEY (project_id, trace_id, span_id),
        FOREIGN KEY (project_id, trace_id) REFERENCES traces(project_id, trace_id) ON DELETE CASCADE
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE spans; DROP TABLE traces;');
  }
}
