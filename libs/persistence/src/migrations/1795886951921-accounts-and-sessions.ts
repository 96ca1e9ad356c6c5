import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People, their roles per project, their browser sessions, invitations and the first-run setup link (ARCHITECTURE
 * §17). Addresses are unique whatever their case. Tokens (session, invitation, setup) are stored only as hashes, each
 * unique so a presented token finds one row. A session's `expires_at` moves forward as it is used (idle expiry).
 */
export class AccountsAndSessions1795886951921 implements MigrationInterface {
  name = 'AccountsAndSessions1795886951921';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        name text NOT NULL,
        password_hash text,
        created_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX users_email_idx ON users (lower(email));
      CREATE TABLE memberships (
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('viewer', 'annotator', 'editor', 'admin', 'owner')),
        joined_at timestamptz NOT NULL,
        PRIMARY KEY (project_id, user_id)
      );
      CREATE INDEX memberships_user_idx ON memberships (user_id, joined_at);
      CREATE TABLE sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        csrf_token text NOT NULL,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sessions_user_idx ON sessions (user_id);
      CREATE INDEX sessions_expires_idx ON sessions (expires_at);
      CREATE TABLE invitations (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        email text NOT NULL,
        role text NOT NULL CHECK (role IN ('viewer', 'annotator', 'editor', 'admin', 'owner')),
        token_hash text NOT NULL UNIQUE,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        revoked_at timestamptz
      );
      CREATE INDEX invitations_project_idx ON invitations (project_id, created_at, id);
      CREATE INDEX invitations_email_idx ON invitations (lower(email));
      CREATE TABLE setup_tokens (
        token_hash text PRIMARY KEY,
        created_at timestamptz NOT NULL,
        used_at timestamptz
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE setup_tokens; DROP TABLE invitations; DROP TABLE sessions; DROP TABLE memberships; DROP TABLE users');
  }
}
