import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys get a role (`admin` may create projects, `member` may not). Keys that exist already: those of the
 * oldest project (the bootstrap project) become admin, the rest member.
 */
export class ApiKeyRoles1764200000000 implements MigrationInterface {
  name = 'ApiKeyRoles1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE api_keys ADD COLUMN role text NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member'));
      UPDATE api_keys SET role = 'admin'
      WHERE project_id = (SELECT id FROM projects ORDER BY created_at, id LIMIT 1);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE api_keys DROP COLUMN role`);
  }
}
