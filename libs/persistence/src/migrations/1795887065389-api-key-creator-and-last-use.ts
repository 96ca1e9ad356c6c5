import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The API keys page (ARCHITECTURE §17) shows who minted each key and when it was last used. Keys older than this are
 * of unknown creator, but for the ones start-up made (named "default" in the default project, or "bootstrap"). Uses
 * are kept in a table of their own: a write to `api_keys` sends every api a change notice, and a busy key is used
 * every minute.
 */
export class ApiKeyCreatorAndLastUse1795887065389 implements MigrationInterface {
  name = 'ApiKeyCreatorAndLastUse1795887065389';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE api_keys ADD COLUMN created_by text;
      UPDATE api_keys SET created_by = 'bootstrap'
        WHERE name = 'bootstrap'
           OR (name = 'default' AND project_id = (
                SELECT id FROM projects ORDER BY CASE WHEN name = 'default' THEN 0 ELSE 1 END, created_at, id LIMIT 1));
      CREATE TABLE api_key_uses (
        key_id uuid PRIMARY KEY REFERENCES api_keys(id) ON DELETE CASCADE,
        last_used_at timestamptz NOT NULL
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE api_key_uses; ALTER TABLE api_keys DROP COLUMN created_by;');
  }
}
