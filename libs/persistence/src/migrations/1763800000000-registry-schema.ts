import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RegistrySchema1763800000000 implements MigrationInterface {
  name = 'RegistrySchema1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE projects (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name text NOT NULL,
        prefix text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX api_keys_project_idx ON api_keys(project_id);
      CREATE TABLE apps (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT apps_name_unique UNIQUE (project_id, name)
      );
      CREATE TABLE bases (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        name text NOT NULL,
        url text NOT NULL,
        route_path text NOT NULL,
        created_at timestamptz NOT NULL,
        CONSTRAINT bases_name_unique UNIQUE (app_id, name)
      );
      CREATE TABLE variants (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        base_id uuid NOT NULL REFERENCES bases(id) ON DELETE CASCADE,
        name text NOT NULL,
        config_name text NOT NULL,
        revision int NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        modified_by_id uuid,
        CONSTRAINT variants_name_unique UNIQUE (app_id, name)
      );
      CREATE INDEX variants_project_app_idx ON variants(project_id, app_id);
      CREATE TABLE variant_revisions (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        variant_id uuid NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
        revision int NOT NULL,
        config_name text NOT NULL,
        parameters jsonb NOT NULL,
        commit_message text,
        modified_by_id uuid,
        modified_by text,
        created_at timestamptz NOT NULL,
        CONSTRAINT variant_revisions_number_unique UNIQUE (variant_id, revision)
      );
      CREATE TABLE environments (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        name text NOT NULL,
        deployed_variant_id uuid REFERENCES variants(id),
        deployed_variant_name text,
        deployed_variant_revision_id uuid,
        revision int,
        created_at timestamptz NOT NULL,
        CONSTRAINT environments_name_unique UNIQUE (app_id, name)
      );
      CREATE TABLE environment_revisions (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        environment_id uuid NOT NULL REFERENCES environments(id) ON DELETE CASCADE,
        revision int NOT NULL,
        deployed_variant_id uuid,
        deployed_variant_name text,
        deployed_variant_revision_id uuid,
        deployed_variant_revision int,
        commit_message text,
        modified_by_id uuid,
        modified_by text NOT NULL,
        created_at timestamptz NOT NULL,
        CONSTRAINT environment_revisions_number_unique UNIQUE (environment_id, revision)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE environment_revisions; DROP TABLE environments; DROP TABLE variant_revisions;
      DROP TABLE variants; DROP TABLE bases; DROP TABLE apps; DROP TABLE api_keys; DROP TABLE projects;
    `);
  }
}
