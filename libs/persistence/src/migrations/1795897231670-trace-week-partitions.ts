import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Tables whose rows belong to a trace; they now reference its key and still go with it. */
const TRACE_CHILDREN = ['scores', 'annotation_queue_items', 'online_evaluation_executions'];
/** Days ahead of today whose weeks get partitions, here and by the trace job (TRACE_DAYS_AHEAD of the application). */
const DAYS_AHEAD = 7;
/** Past days whose existing traces get their weeks' partitions; older ones stay in the default partition. */
const DAYS_BACK = 31;

/**
 * `traces` and `spans` as native range partitions by week (issue 42), so retention drops a week's partitions instead
 * of deleting its rows one by one. Weeks (Monday to Sunday, UTC), not days: every query of the whole table is planned
 * over each partition and each of its indexes, and 35 daily partitions (a month kept) made the trace list's first
 * page 3.4 times slower and a trace by id 7.6 times (planning, on a million traces), where 6 weekly ones cost little.
 * A partitioned table's unique keys must hold its partition key, and a trace's time is not fixed (an OTLP trace's
 * start moves earlier as its spans arrive), so:
 * - `start_day` is the UTC day a trace started as first stored, and never changes; it keys the partitions of both
 *   tables (a span carries its trace's);
 * - `trace_keys` (project, trace id, start_day) is the one row per trace id of a project that idempotent ingest
 *   upserts to find its trace's day; scores, annotation items and online executions reference it (cascading);
 * - `create_trace_partitions(day)` makes the partitions of both tables for the week of `day` without blocking
 *   ingest: each is made alone and attached (SHARE UPDATE EXCLUSIVE on the parent, which writers do not wait for),
 *   after the rows of that week that the DEFAULT partition caught (a late, old or far-future trace never fails to be
 *   stored) moved into it. Attaching needs the default partition alone for a moment; the caller bounds that wait.
 * Existing rows move into the new tables: the weeks of the last month get their partitions, older ones the default's.
 * `traces_start_time_idx` served only retention's row deletes, and is not made again.
 */
export class TraceWeekPartitions1795897231670 implements MigrationInterface {
  name = 'TraceWeekPartitions1795897231670';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE trace_keys (
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        trace_id text NOT NULL,
        start_day date NOT NULL,
        PRIMARY KEY (project_id, trace_id)
      );
      CREATE INDEX trace_keys_start_day_idx ON trace_keys(start_day);
      INSERT INTO trace_keys (project_id, trace_id, start_day)
        SELECT project_id, trace_id, (start_time AT TIME ZONE 'UTC')::date FROM traces;
      ${TRACE_CHILDREN.map((table) => `
      ALTER TABLE ${table} DROP CONSTRAINT ${table}_project_id_trace_id_fkey,
        ADD CONSTRAINT ${table}_trace_fkey FOREIGN KEY (project_id, trace_id) REFERENCES trace_keys(project_id, trace_id) ON DELETE CASCADE;`).join('')}
      DROP TRIGGER traces_take_their_spans ON traces;
      ALTER TABLE traces RENAME TO traces_unpartitioned;
      ALTER TABLE spans RENAME TO spans_unpartitioned;
      CREATE TABLE traces (LIKE traces_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS, start_day date NOT NULL)
        PARTITION BY RANGE (start_day);
      CREATE TABLE spans (LIKE spans_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS, start_day date NOT NULL)
        PARTITION BY RANGE (start_day);
      CREATE TABLE traces_default PARTITION OF traces DEFAULT;
      CREATE TABLE spans_default PARTITION OF spans DEFAULT;
      DO $$
      DECLARE column_name text;
      BEGIN
        -- What migration 1764800000000 and later ones set: payload columns get no planner statistics.
        FOR column_name IN SELECT attname FROM pg_attribute WHERE attrelid = 'traces_unpartitioned'::regclass AND attnum > 0
            AND NOT attisdropped AND attstattarget = 0 LOOP
          EXECUTE format('ALTER TABLE traces ALTER COLUMN %I SET STATISTICS 0', column_name);
        END LOOP;
        FOR column_name IN SELECT attname FROM pg_attribute WHERE attrelid = 'spans_unpartitioned'::regclass AND attnum > 0
            AND NOT attisdropped AND attstattarget = 0 LOOP
          EXECUTE format('ALTER TABLE spans ALTER COLUMN %I SET STATISTICS 0', column_name);
        END LOOP;
      END $$;
      CREATE FUNCTION create_trace_partitions(day date) RETURNS boolean LANGUAGE plpgsql AS $$
      DECLARE
        monday date := day - (extract(isodow FROM day)::int - 1);
        parent text;
        partition text;
        column_name text;
      BEGIN
        -- Two api processes preparing the same week: one does it, the other finds it done next time.
        IF to_regclass('traces_w' || to_char(monday, 'YYYYMMDD')) IS NOT NULL OR NOT pg_try_advisory_xact_lock(7420001) THEN
          RETURN false;
        END IF;
        FOREACH parent IN ARRAY ARRAY['traces', 'spans'] LOOP
          partition := parent || '_w' || to_char(monday, 'YYYYMMDD');
          EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', partition, parent);
          FOR column_name IN SELECT attname FROM pg_attribute WHERE attrelid = parent::regclass AND attnum > 0
              AND NOT attisdropped AND attstattarget = 0 LOOP
            EXECUTE format('ALTER TABLE %I ALTER COLUMN %I SET STATISTICS 0', partition, column_name);
          END LOOP;
          EXECUTE format('WITH moved AS (DELETE FROM %I WHERE start_day >= %L AND start_day < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
            parent || '_default', monday, monday + 7, partition);
          EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, partition, monday, monday + 7);
        END LOOP;
        RETURN true;
      END $$;
      SELECT create_trace_partitions(day::date) FROM (
        SELECT generate_series(today, today + ${DAYS_AHEAD}, interval '1 day') AS day FROM (SELECT (now() AT TIME ZONE 'UTC')::date AS today) t
        UNION SELECT DISTINCT start_day FROM trace_keys, (SELECT (now() AT TIME ZONE 'UTC')::date AS today) t
         WHERE start_day >= today - ${DAYS_BACK} AND start_day <= today + ${DAYS_AHEAD}
      ) days;
      INSERT INTO traces SELECT t.*, (t.start_time AT TIME ZONE 'UTC')::date FROM traces_unpartitioned t;
      INSERT INTO spans SELECT s.*, k.start_day FROM spans_unpartitioned s
        JOIN trace_keys k ON k.project_id = s.project_id AND k.trace_id = s.trace_id;
      DO $$
      DECLARE index record;
      BEGIN
        -- Every index the tables had (whichever migrations made them) comes over under its name, built on the rows.
        FOR index IN SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('traces_unpartitioned', 'spans_unpartitioned')
            AND indexname NOT IN ('traces_pkey', 'spans_pkey') LOOP
          EXECUTE format('DROP INDEX %I', index.indexname);
          IF index.indexname <> 'traces_start_time_idx' THEN
            EXECUTE replace(replace(index.indexdef, 'traces_unpartitioned', 'traces'), 'spans_unpartitioned', 'spans');
          END IF;
        END LOOP;
      END $$;
      DROP TABLE spans_unpartitioned;
      DROP TABLE traces_unpartitioned;
      ALTER TABLE traces ADD CONSTRAINT traces_pkey PRIMARY KEY (project_id, trace_id, start_day),
        ADD CONSTRAINT traces_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;
      ALTER TABLE spans ADD CONSTRAINT spans_pkey PRIMARY KEY (project_id, trace_id, span_id, start_day);
      CREATE TRIGGER traces_take_their_spans AFTER DELETE ON traces REFERENCING OLD TABLE AS deleted_traces
        FOR EACH STATEMENT EXECUTE FUNCTION delete_spans_of_deleted_traces();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER traces_take_their_spans ON traces;
      ALTER TABLE traces RENAME TO traces_partitioned;
      ALTER TABLE spans RENAME TO spans_partitioned;
      CREATE TABLE traces (LIKE traces_partitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
      CREATE TABLE spans (LIKE spans_partitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
      ALTER TABLE traces DROP COLUMN start_day;
      ALTER TABLE spans DROP COLUMN start_day;
    `);
    // Rows go back without their day; columns are listed from the new tables (which no longer have it).
    await queryRunner.query(`
      DO $$
      DECLARE parent text; columns text; index record;
      BEGIN
        FOREACH parent IN ARRAY ARRAY['traces', 'spans'] LOOP
          SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) INTO columns FROM pg_attribute
           WHERE attrelid = parent::regclass AND attnum > 0 AND NOT attisdropped;
          EXECUTE format('INSERT INTO %I (%s) SELECT %s FROM %I', parent, columns, columns, parent || '_partitioned');
        END LOOP;
        FOR index IN SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('traces_partitioned', 'spans_partitioned')
            AND indexname NOT IN ('traces_pkey', 'spans_pkey') LOOP
          EXECUTE format('DROP INDEX %I', index.indexname);
          EXECUTE replace(replace(index.indexdef, 'traces_partitioned', 'traces'), 'spans_partitioned', 'spans');
        END LOOP;
      END $$;
      DROP TABLE spans_partitioned;
      DROP TABLE traces_partitioned;
      DROP FUNCTION create_trace_partitions(date);
      CREATE INDEX traces_start_time_idx ON traces(start_time);
      ALTER TABLE traces ADD PRIMARY KEY (project_id, trace_id),
        ADD CONSTRAINT traces_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;
      ALTER TABLE spans ADD PRIMARY KEY (project_id, trace_id, span_id);
      ${TRACE_CHILDREN.map((table) => `
      ALTER TABLE ${table} DROP CONSTRAINT ${table}_trace_fkey,
        ADD CONSTRAINT ${table}_project_id_trace_id_fkey FOREIGN KEY (project_id, trace_id) REFERENCES traces(project_id, trace_id) ON DELETE CASCADE;`).join('')}
      DROP TABLE trace_keys;
      CREATE TRIGGER traces_take_their_spans AFTER DELETE ON traces REFERENCING OLD TABLE AS deleted_traces
        FOR EACH STATEMENT EXECUTE FUNCTION delete_spans_of_deleted_traces();
    `);
  }
}
