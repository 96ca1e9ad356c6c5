import type { MigrationInterface, QueryRunner } from 'typeorm';

/** API keys take the roles of people (ARCHITECTURE §17): an admin key stays admin, a member key becomes an editor. */
export class FiveProjectRoles1795886648319 implements MigrationInterface {
  name = 'FiveProjectRoles1795886648319';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE api_keys DROP CONSTRAINT IF EXISTS api_keys_role_check;
      UPDATE api_keys SET role = 'editor' WHERE role = 'member';
      ALTER TABLE api_keys ALTER COLUMN role SET DEFAULT 'editor';
      ALTER TABLE api_keys ADD CONSTRAINT api_keys_role_check CHECK (role IN ('admin', 'editor', 'annotator', 'viewer'));
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE api_keys DROP CONSTRAINT api_keys_role_check;
      UPDATE api_keys SET role = 'member' WHERE role <> 'admin';
      ALTER TABLE api_keys ALTER COLUMN role SET DEFAULT 'member';
      ALTER TABLE api_keys ADD CONSTRAINT api_keys_role_check CHECK (role IN ('admin', 'member'));
    `);
  }
}
