import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Statements that change environments (deploy, revert, an app's deletion) send `environments:<project id>` on channel
 * `changes` at commit (migration 1764500000000's function), so every api process, of this server or another, drops
 * the project's deployed configs as soon as it hears of it rather than after its cache's time.
 */
export class DeploymentChangeNotices1795900000000 implements MigrationInterface {
  name = 'DeploymentChangeNotices1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [event, table] of [['INSERT', 'NEW'], ['UPDATE', 'NEW'], ['DELETE', 'OLD']]) {
      await queryRunner.query(`
        CREATE TRIGGER environments_${event.toLowerCase()}_notice AFTER ${event} ON environments
          REFERENCING ${table} TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('by_project')`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete']) await queryRunner.query(`DROP TRIGGER environments_${event}_notice ON environments`);
  }
}
