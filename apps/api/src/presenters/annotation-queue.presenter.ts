import type { z } from 'zod';
import type { AnnotationItem, AnnotationQueue, QueueProgress } from '@crucible/domain';
import type { QueueCounts } from '@crucible/application';
import type { annotationItemSchema, annotationQueueDetailSchema, annotationQueueSchema } from '../wire/annotation-queue.wire';

export const presentAnnotationQueue = ({ queue, counts }: { queue: AnnotationQueue; counts: QueueCounts }): z.input<typeof annotationQueueSchema> => ({
  id: queue.id, name: queue.name, description: queue.description, score_config_ids: queue.scoreConfigIds,
  created_at: queue.createdAt.toISOString(), created_by: queue.createdBy, progress: { total: counts.total, done: counts.done, held: counts.held },
});

export const presentAnnotationQueueDetail = (
  { queue, progress }: { queue: AnnotationQueue; progress: QueueProgress },
): z.input<typeof annotationQueueDetailSchema> => ({
  ...presentAnnotationQueue({ queue, counts: progress }),
  progress: {
    total: progress.total, done: progress.done, held: progress.held,
    annotators: progress.annotators.map((entry) => ({
      annotator: entry.annotator.name, annotator_key_id: entry.annotator.id, done: entry.done, holding: entry.holding,
    })),
  },
});

/** A hold past its time is no hold: it is shown as none. */
export const presentAnnotationItem = (item: AnnotationItem, now = new Date()): z.input<typeof annotationItemSchema> => {
  const holding = item.status === 'pending' && item.heldUntil !== null && item.heldUntil > now;
  return {
    id: item.id, queue_id: item.queueId, trace_id: item.traceId, status: item.status,
    held_by: holding ? item.heldBy?.name ?? null : null, held_until: holding ? item.heldUntil!.toISOString() : null,
    completed_by: item.completedBy?.name ?? null, completed_at: item.completedAt?.toISOString() ?? null, created_at: item.createdAt.toISOString(),
  };
};
