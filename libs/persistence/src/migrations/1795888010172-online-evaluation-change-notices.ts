import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Statements that change online evaluation rules send `online_evaluations:<project id>` on channel `changes` at
 * commit (migration 1764500000000's function), so every process may keep a project's rules between trace batches
 * and read them again only once one changed (created, paused, resumed), whichever process changed it.
 */
export class OnlineEvaluationChangeNotices1795888010172 implements MigrationInterface {
  name = 'OnlineEvaluationChangeNotices1795888010172';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [event, table] of [['INSERT', 'NEW'], ['UPDATE', 'NEW'], ['DELETE', 'OLD']]) {
      await queryRunner.query(`
        CREATE TRIGGER online_evaluations_${event.toLowerCase()}_notice AFTER ${event} ON online_evaluations
          REFERENCING ${table} TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('by_project')`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete']) await queryRunner.query(`DROP TRIGGER online_evaluations_${event}_notice ON online_evaluations`);
  }
}
