import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TestsetsSchema1763800000001 implements MigrationInterface {
  name = 'TestsetsSchema1763800000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE testsets (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        app_id uuid REFERENCES apps(id) ON DELETE CASCADE,
        name text NOT NULL,
        columns jsonb NOT NULL,
        csvdata jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT testsets_name_unique UNIQUE (project_id, name)
      );
      CREATE INDEX testsets_app_idx ON testsets(app_id);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE testsets;');
  }
}
