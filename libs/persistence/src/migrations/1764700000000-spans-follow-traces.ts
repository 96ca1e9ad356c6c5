import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Spans no longer hold a foreign key to their trace. The key checked every span stored with a query and a row lock
 * on its trace: ~30 µs of PGlite's worker per evaluation row (two spans), a seventh of the row's write. Two things
 * keep what it kept:
 * - a span is stored only with its trace: the one statement that writes spans (`LATER_SPANS_INSERT`) inserts only the
 *   spans whose trace it has just saved, and that trace's row stays locked until the statement commits;
 * - a trace takes its spans with it: one statement-level trigger deletes the spans of the traces a statement deleted
 *   (retention, or a project's deletion cascading to its traces).
 */
export class SpansFollowTraces1764700000000 implements MigrationInterface {
  name = 'SpansFollowTraces1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE spans DROP CONSTRAINT spans_project_id_trace_id_fkey;
      CREATE FUNCTION delete_spans_of_deleted_traces() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM spans USING deleted_traces
         WHERE spans.project_id = deleted_traces.project_id AND spans.trace_id = deleted_traces.trace_id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER traces_take_their_spans AFTER DELETE ON traces REFERENCING OLD TABLE AS deleted_traces
        FOR EACH STATEMENT EXECUTE FUNCTION delete_spans_of_deleted_traces();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER traces_take_their_spans ON traces;
      DROP FUNCTION delete_spans_of_deleted_traces();
      DELETE FROM spans WHERE NOT EXISTS
        (SELECT 1 FROM traces WHERE traces.project_id = spans.project_id AND traces.trace_id = spans.trace_id);
      ALTER TABLE spans ADD CONSTRAINT spans_project_id_trace_id_fkey
        FOREIGN KEY (project_id, trace_id) REFERENCES traces (project_id, trace_id) ON DELETE CASCADE;
    `);
  }
}
