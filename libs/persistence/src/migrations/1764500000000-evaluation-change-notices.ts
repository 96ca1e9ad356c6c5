import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every statement that changes evaluations sends, at commit, a notice naming each project whose evaluations it
 * changed (data-source/evaluation-changes.ts listens): a listing built before the last notice of its project can be
 * answered again without reading a row, on every engine and whichever process wrote.
 */
export class EvaluationChangeNotices1764500000000 implements MigrationInterface {
  name = 'EvaluationChangeNotices1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION notify_evaluation_changes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('evaluation_changes', project_id::text) FROM (SELECT DISTINCT project_id FROM changed) AS projects;
        RETURN NULL;
      END $$`);
    // A trigger with a transition table has one event: one per kind of change.
    for (const [event, table] of [['INSERT', 'NEW'], ['UPDATE', 'NEW'], ['DELETE', 'OLD']]) {
      await queryRunner.query(`
        CREATE TRIGGER evaluations_${event.toLowerCase()}_notice AFTER ${event} ON evaluations
          REFERENCING ${table} TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_evaluation_changes()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete']) await queryRunner.query(`DROP TRIGGER evaluations_${event}_notice ON evaluations`);
    await queryRunner.query('DROP FUNCTION notify_evaluation_changes()');
  }
}
