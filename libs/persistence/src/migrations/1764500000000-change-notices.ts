import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Statements that change evaluations or API keys send, at commit, a notice on channel `changes`
 * (data-source/change-notices.ts listens): `evaluations:<project id>` for each project whose evaluations changed,
 * `api_keys` for any key. What was read before a topic's last notice can be answered again without reading it, on
 * every engine and whichever process wrote.
 */
export class ChangeNotices1764500000000 implements MigrationInterface {
  name = 'ChangeNotices1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION notify_changes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_NARGS > 0 AND TG_ARGV[0] = 'by_project' THEN
          PERFORM pg_notify('changes', TG_TABLE_NAME || ':' || project_id) FROM (SELECT DISTINCT project_id FROM changed) AS projects;
        ELSE
          PERFORM pg_notify('changes', TG_TABLE_NAME);
        END IF;
        RETURN NULL;
      END $$`);
    // A trigger with a transition table has one event: one per kind of change.
    for (const [event, table] of [['INSERT', 'NEW'], ['UPDATE', 'NEW'], ['DELETE', 'OLD']]) {
      await queryRunner.query(`
        CREATE TRIGGER evaluations_${event.toLowerCase()}_notice AFTER ${event} ON evaluations
          REFERENCING ${table} TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('by_project')`);
    }
    await queryRunner.query(`
      CREATE TRIGGER api_keys_notice AFTER INSERT OR UPDATE OR DELETE ON api_keys
        FOR EACH STATEMENT EXECUTE FUNCTION notify_changes()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER api_keys_notice ON api_keys');
    for (const event of ['insert', 'update', 'delete']) await queryRunner.query(`DROP TRIGGER evaluations_${event}_notice ON evaluations`);
    await queryRunner.query('DROP FUNCTION notify_changes()');
  }
}
