import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Test-set versions (issue 44). Every change of a test set's rows makes a new immutable version, kept in
 * testset_versions and written once by the change that makes it (never copied again); `testsets` keeps what
 * listings show of the latest (its number, columns and row count) and no rows. Existing test sets become
 * version 1, and every evaluation and human evaluation already made is pinned to it.
 */
export class TestsetVersions1795874736290 implements MigrationInterface {
  name = 'TestsetVersions1795874736290';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE testset_versions (
        testset_id uuid NOT NULL REFERENCES testsets(id) ON DELETE CASCADE,
        version integer NOT NULL,
        project_id uuid NOT NULL,
        columns jsonb NOT NULL,
        csvdata jsonb NOT NULL,
        rows_count integer NOT NULL,
        change text NOT NULL,
        created_by text,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (testset_id, version)
      );
      INSERT INTO testset_versions (testset_id, version, project_id, columns, csvdata, rows_count, change, created_by, created_at)
        SELECT id, 1, project_id, columns, csvdata, jsonb_array_length(csvdata), 'before_versioning', NULL, updated_at FROM testsets;
      ALTER TABLE testsets ADD COLUMN version integer NOT NULL DEFAULT 1, ADD COLUMN rows_count integer NOT NULL DEFAULT 0;
      UPDATE testsets SET rows_count = jsonb_array_length(csvdata);
      ALTER TABLE testsets DROP COLUMN csvdata;
      ALTER TABLE evaluations ADD COLUMN testset_version integer NOT NULL DEFAULT 1;
      ALTER TABLE human_evaluations ADD COLUMN testset_version integer NOT NULL DEFAULT 1;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE testsets ADD COLUMN csvdata jsonb;
      UPDATE testsets t SET csvdata = v.csvdata FROM testset_versions v WHERE v.testset_id = t.id AND v.version = t.version;
      ALTER TABLE testsets ALTER COLUMN csvdata SET NOT NULL, DROP COLUMN version, DROP COLUMN rows_count;
      ALTER TABLE evaluations DROP COLUMN testset_version;
      ALTER TABLE human_evaluations DROP COLUMN testset_version;
      DROP TABLE testset_versions;
    `);
  }
}
