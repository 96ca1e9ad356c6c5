import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A revoked key keeps its row, marked `revoked_at`, so a revoked CRUCIBLE_BOOTSTRAP_API_KEY is recognised on a later
 * start and not added back. A listed `prefix` was the key's first 8 characters, which gave away most of a short
 * chosen key: every existing one becomes a fresh public identifier (`crc_` and 8 hex characters), as new keys get.
 */
export class ApiKeyRevocationAndPublicPrefix1765000000100 implements MigrationInterface {
  name = 'ApiKeyRevocationAndPublicPrefix1765000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE api_keys ADD COLUMN revoked_at timestamptz;
      UPDATE api_keys SET prefix = 'crc_' || substr(md5(random()::text || id::text || clock_timestamp()::text), 1, 8);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Revoked keys must not come back to life when the column goes.
    await queryRunner.query(`
      DELETE FROM api_keys WHERE revoked_at IS NOT NULL;
      ALTER TABLE api_keys DROP COLUMN revoked_at;
    `);
  }
}
