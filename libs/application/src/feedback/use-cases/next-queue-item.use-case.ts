import { Injectable } from '@nestjs/common';
import { ANNOTATION_HOLD_MS, type Actor, type AnnotationItem, DomainError } from '@crucible/domain';
import { AnnotationQueueRepository } from '../ports';

/**
 * `POST /annotation-queues/{id}/next` (ARCHITECTURE §18): the item the caller holds, else the first neither done nor
 * held, held for the caller for 10 minutes; null when nothing is left for them.
 */
@Injectable()
export class NextQueueItemUseCase {
  constructor(private readonly queues: AnnotationQueueRepository) {}

  async execute(actor: Actor, queueId: string, now = new Date()): Promise<AnnotationItem | null> {
    const queue = await this.queues.findById(actor.projectId, queueId);
    if (!queue) throw DomainError.notFound('annotation queue', queueId);
    const annotator = { id: actor.id, name: actor.name };
    return this.queues.next(actor.projectId, queueId, annotator, now, new Date(now.getTime() + ANNOTATION_HOLD_MS));
  }
}
