import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sums of sealed hours for `/traces/metrics` (issue 42): per project and UTC hour, and inside it per app and environment,
 * the count, errors, token and cost sums and every latency sorted (the percentiles stay exact: percentile_cont of a
 * sorted array is two reads). A read sums the hours it needs once they are sealed (ended three hours ago) and reads the
 * rest from `traces`.
 *
 * An hour's sums hold while its `version` is the `summed_version` they were made at. A statement that writes a trace
 * older than two hours bumps its hour's version in the same transaction (the trigger below), so sums made before it
 * are never read again; live traffic (younger traces) writes nothing here, as sealed hours lie an hour further back.
 * Deletes are not followed row by row: retention drops the sums of the hours it cuts (`purgeTraceMetricHoursBefore`)
 * and a project's go with it.
 */
export class TraceMetricHours1795897800000 implements MigrationInterface {
  name = 'TraceMetricHours1795897800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE trace_metric_hours (
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        hour timestamptz NOT NULL,
        version bigint NOT NULL DEFAULT 1,
        summed_version bigint,
        PRIMARY KEY (project_id, hour)
      );
      CREATE TABLE trace_metric_hour_groups (
        project_id uuid NOT NULL,
        hour timestamptz NOT NULL,
        app_id text,
        environment text,
        count bigint NOT NULL,
        errors bigint NOT NULL,
        prompt_tokens numeric NOT NULL,
        completion_tokens numeric NOT NULL,
        total_tokens numeric NOT NULL,
        cost double precision NOT NULL,
        latencies double precision[] NOT NULL,
        FOREIGN KEY (project_id, hour) REFERENCES trace_metric_hours(project_id, hour) ON DELETE CASCADE
      );
      CREATE INDEX trace_metric_hour_groups_hour_idx ON trace_metric_hour_groups(project_id, hour);
      CREATE FUNCTION trace_metric_hours_touch() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO trace_metric_hours AS m (project_id, hour)
            SELECT DISTINCT project_id, date_trunc('hour', start_time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' FROM new_rows
             WHERE start_time < now() - interval '2 hours'
            ON CONFLICT (project_id, hour) DO UPDATE SET version = m.version + 1;
        END IF;
        IF TG_OP = 'UPDATE' THEN
          INSERT INTO trace_metric_hours AS m (project_id, hour)
            SELECT DISTINCT project_id, date_trunc('hour', start_time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' FROM old_rows
             WHERE start_time < now() - interval '2 hours'
            ON CONFLICT (project_id, hour) DO UPDATE SET version = m.version + 1;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER traces_metric_hours_insert AFTER INSERT ON traces
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trace_metric_hours_touch();
      CREATE TRIGGER traces_metric_hours_update AFTER UPDATE ON traces
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trace_metric_hours_touch();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER traces_metric_hours_update ON traces;
      DROP TRIGGER traces_metric_hours_insert ON traces;
      DROP FUNCTION trace_metric_hours_touch();
      DROP TABLE trace_metric_hour_groups;
      DROP TABLE trace_metric_hours;
    `);
  }
}
