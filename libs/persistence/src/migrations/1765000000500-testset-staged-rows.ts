import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rows of a test-set upload in progress, one batch a row, so that a 200 MB file is written as it is read instead
 * of held whole; the test set is made from them in one statement once the whole file was good, and they go.
 * Nothing reads them but that statement; a batch left by a crash is swept a day later.
 */
export class TestsetStagedRows1765000000500 implements MigrationInterface {
  name = 'TestsetStagedRows1765000000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE testset_staged_rows (
        upload_id uuid NOT NULL,
        batch integer NOT NULL,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        rows jsonb NOT NULL,
        staged_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (upload_id, batch)
      );
      CREATE INDEX testset_staged_rows_staged_at_idx ON testset_staged_rows(staged_at);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE testset_staged_rows;');
  }
}
