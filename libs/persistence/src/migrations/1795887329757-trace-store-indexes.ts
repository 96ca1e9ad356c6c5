import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for a store of a million traces (issue 42), each read in the order a list pages it:
 * - an app's traces newest first (the console's list without an environment, and the heads `GET /sessions` reads);
 * - an app and environment's, with the trace id that breaks ties, so a page is read off the index without sorting, and
 *   with what `/traces/metrics` adds up, which it reads from the index alone (not from the traces' wide rows);
 * - on PostgreSQL with pg_trgm (a contrib extension, trusted since PostgreSQL 13: a database owner may create it),
 *   trigram indexes of the previews `q` searches (the first 500 characters of the inputs and the output, the values
 *   whole when shorter) and an index of the traces whose previews were cut, whose values it reads, so a rare word is
 *   found without reading every trace of the app. Trigrams of whole values cost ingest 0.4 ms per trace of 450
 *   characters (20 000 traces: 8.1 s against 0.09 s), growing with the text; of the previews 0.12–0.17 ms, bounded
 *   by their 1 000 characters. PGlite has no pg_trgm: there, and where the extension is missing or may not be
 *   created, `q` reads the traces as before.
 */
export class TraceStoreIndexes1795887329757 implements MigrationInterface {
  name = 'TraceStoreIndexes1795887329757';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX traces_project_app_time_idx ON traces(project_id, app_id, start_time DESC, trace_id DESC);
      DROP INDEX traces_project_app_env_time_idx;
      CREATE INDEX traces_project_app_env_time_idx ON traces(project_id, app_id, environment, start_time DESC, trace_id DESC)
        INCLUDE (status, latency_ms, prompt_tokens, completion_tokens, total_tokens, cost);
      DO $$
      BEGIN
        IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
          BEGIN
            CREATE EXTENSION IF NOT EXISTS pg_trgm;
          EXCEPTION WHEN insufficient_privilege THEN
            RAISE NOTICE 'pg_trgm may not be created here: trace search reads the traces';
          END;
        END IF;
        IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
          CREATE INDEX traces_inputs_preview_trgm_idx ON traces USING gin (inputs_preview gin_trgm_ops);
          CREATE INDEX traces_output_preview_trgm_idx ON traces USING gin (output_preview gin_trgm_ops);
          CREATE INDEX traces_cut_previews_idx ON traces(project_id, start_time DESC) WHERE inputs_truncated OR output_truncated;
        END IF;
      END $$;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX IF EXISTS traces_cut_previews_idx;
      DROP INDEX IF EXISTS traces_output_preview_trgm_idx;
      DROP INDEX IF EXISTS traces_inputs_preview_trgm_idx;
      DROP INDEX traces_project_app_env_time_idx;
      CREATE INDEX traces_project_app_env_time_idx ON traces(project_id, app_id, environment, start_time DESC);
      DROP INDEX traces_project_app_time_idx;
    `);
  }
}
