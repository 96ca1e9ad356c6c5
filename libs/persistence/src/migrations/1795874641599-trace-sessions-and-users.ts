import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Traces carry the conversation (`session_id`) and the end user (`user_id`) an app named (ARCHITECTURE §18). A session
 * page reads its traces in time order and `GET /traces?user_id=` a user's newest first; only traces that have one are
 * indexed, so traces without sessions cost nothing.
 */
export class TraceSessionsAndUsers1795874641599 implements MigrationInterface {
  name = 'TraceSessionsAndUsers1795874641599';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE traces ADD COLUMN session_id text, ADD COLUMN user_id text;
      CREATE INDEX traces_project_session_time_idx ON traces(project_id, session_id, start_time) WHERE session_id IS NOT NULL;
      CREATE INDEX traces_project_user_time_idx ON traces(project_id, user_id, start_time DESC) WHERE user_id IS NOT NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX traces_project_user_time_idx;
      DROP INDEX traces_project_session_time_idx;
      ALTER TABLE traces DROP COLUMN session_id, DROP COLUMN user_id;
    `);
  }
}
