import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The API keys page (ARCHITECTURE §17) shows who minted each key and when it was last used. Keys older than this are
 * of unknown creator, but for the ones start-up made (named "default" in the default project, or "bootstrap").
 * Recording a use must not tell every api process that the keys changed: the change notice now fires on the
 * columns authentication reads, not on `last_used_at`.
 */
export class ApiKeyCreatorAndLastUse1795887065389 implements MigrationInterface {
  name = 'ApiKeyCreatorAndLastUse1795887065389';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE api_keys ADD COLUMN created_by text, ADD COLUMN last_used_at timestamptz;
      UPDATE api_keys SET created_by = 'bootstrap'
        WHERE name = 'bootstrap'
           OR (name = 'default' AND project_id = (
                SELECT id FROM projects ORDER BY CASE WHEN name = 'default' THEN 0 ELSE 1 END, created_at, id LIMIT 1));
      DROP TRIGGER api_keys_notice ON api_keys;
      CREATE TRIGGER api_keys_notice AFTER INSERT OR DELETE OR UPDATE OF id, project_id, name, prefix, key_hash, role, revoked_at
        ON api_keys FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER api_keys_notice ON api_keys;
      CREATE TRIGGER api_keys_notice AFTER INSERT OR UPDATE OR DELETE ON api_keys FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
      ALTER TABLE api_keys DROP COLUMN last_used_at, DROP COLUMN created_by;
    `);
  }
}
