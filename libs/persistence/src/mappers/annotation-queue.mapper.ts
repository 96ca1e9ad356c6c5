import type { AnnotationItem, AnnotationItemStatus, AnnotationQueue, Annotator } from '@crucible/domain';
import type { AnnotationQueueOrmEntity } from '../entities/annotation-queue.orm-entity';
import { pick } from './pick';

const queueKeys: Array<keyof AnnotationQueue> = ['id', 'projectId', 'name', 'description', 'scoreConfigIds', 'createdAt', 'createdBy'];

export const annotationQueueMapper = {
  toDomain: (row: AnnotationQueueOrmEntity): AnnotationQueue => pick<AnnotationQueue>(row, queueKeys),
  toOrm: (queue: AnnotationQueue): AnnotationQueueOrmEntity => pick<AnnotationQueue>(queue, queueKeys),
};

/** An `annotation_queue_items` row as raw SQL answers it. */
export interface AnnotationItemRow {
  id: string;
  project_id: string;
  queue_id: string;
  trace_id: string;
  status: AnnotationItemStatus;
  held_by_id: string | null;
  held_by: string | null;
  held_until: Date | string | null;
  completed_by_id: string | null;
  completed_by: string | null;
  completed_at: Date | string | null;
  created_at: Date | string;
}

const annotator = (id: string | null, name: string | null): Annotator | null => (id === null ? null : { id, name: name ?? '' });
const time = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

export const annotationItemMapper = {
  fromRow: (row: AnnotationItemRow): AnnotationItem => ({
    id: row.id, projectId: row.project_id, queueId: row.queue_id, traceId: row.trace_id, status: row.status,
    heldBy: annotator(row.held_by_id, row.held_by), heldUntil: time(row.held_until),
    completedBy: annotator(row.completed_by_id, row.completed_by), completedAt: time(row.completed_at), createdAt: new Date(row.created_at),
  }),
};
