import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log (ARCHITECTURE §17). Append-only in the database itself: a trigger refuses UPDATE, DELETE and
 * TRUNCATE, so no code path (nor a mistaken script) can rewrite history. No foreign key to projects: an event
 * outlives what it names. Indexes serve the newest-first keyset order (at, id) per project, alone and under each
 * filter of GET /audit-events; ids are text because a resource or actor id is whatever the api named it.
 */
export class AuditEvents1795886975363 implements MigrationInterface {
  name = 'AuditEvents1795886975363';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE audit_events (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL,
        at timestamptz NOT NULL,
        actor_type text NOT NULL CHECK (actor_type IN ('user', 'api_key')),
        actor_id text NOT NULL,
        actor_name text NOT NULL,
        action text NOT NULL,
        resource_type text NOT NULL,
        resource_id text,
        summary text NOT NULL,
        ip text
      );
      CREATE INDEX audit_events_project_at_idx ON audit_events(project_id, at DESC, id DESC);
      CREATE INDEX audit_events_resource_idx ON audit_events(project_id, resource_type, resource_id, at DESC, id DESC);
      CREATE INDEX audit_events_actor_idx ON audit_events(project_id, actor_id, at DESC, id DESC);
      CREATE INDEX audit_events_action_idx ON audit_events(project_id, action, at DESC, id DESC);
      CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit events are append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
      END
      $$;
      CREATE TRIGGER audit_events_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_events
        FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
      CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
        FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE audit_events; DROP FUNCTION audit_events_append_only()');
  }
}
