import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Annotation queues (ARCHITECTURE §18). An item is a trace of the project, once per queue, and goes with it when
 * retention deletes the trace. `position` orders the queue (a skipped item takes a new one, at the back). The partial
 * unique index lets an annotator hold one pending item of a queue at a time, which keeps two `next` calls of the same
 * person from taking two items.
 */
export class AnnotationQueues1795875703940 implements MigrationInterface {
  name = 'AnnotationQueues1795875703940';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE annotation_queues (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name text NOT NULL,
        description text,
        score_config_ids jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        created_by text NOT NULL
      );
      CREATE INDEX annotation_queues_project_created_idx ON annotation_queues(project_id, created_at, id);
      CREATE SEQUENCE annotation_queue_items_position_seq;
      CREATE TABLE annotation_queue_items (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL,
        queue_id uuid NOT NULL REFERENCES annotation_queues(id) ON DELETE CASCADE,
        trace_id text NOT NULL,
        position bigint NOT NULL DEFAULT nextval('annotation_queue_items_position_seq'),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done')),
        held_by_id text,
        held_by text,
        held_until timestamptz,
        completed_by_id text,
        completed_by text,
        completed_at timestamptz,
        created_at timestamptz NOT NULL,
        UNIQUE (queue_id, trace_id),
        FOREIGN KEY (project_id, trace_id) REFERENCES traces(project_id, trace_id) ON DELETE CASCADE
      );
      CREATE INDEX annotation_queue_items_waiting_idx ON annotation_queue_items(queue_id, position) WHERE status = 'pending';
      CREATE UNIQUE INDEX annotation_queue_items_one_hold_idx ON annotation_queue_items(queue_id, held_by_id) WHERE status = 'pending';
      CREATE INDEX annotation_queue_items_trace_idx ON annotation_queue_items(project_id, trace_id);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE annotation_queue_items; DROP SEQUENCE annotation_queue_items_position_seq; DROP TABLE annotation_queues');
  }
}
