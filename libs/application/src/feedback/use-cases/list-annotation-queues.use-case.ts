import { Injectable } from '@nestjs/common';
import type { Actor, AnnotationQueue } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';
import { AnnotationQueueRepository, type QueueCounts } from '../ports';

const NONE: QueueCounts = { total: 0, done: 0, held: 0 };

/** `GET /annotation-queues`: oldest first, one keyset page at a time (ARCHITECTURE §10), each with its counts. */
@Injectable()
export class ListAnnotationQueuesUseCase {
  constructor(private readonly queues: AnnotationQueueRepository) {}

  async execute(actor: Actor, page: PageRequest, now = new Date()): Promise<Page<{ queue: AnnotationQueue; counts: QueueCounts }>> {
    const listed = await this.queues.list(actor.projectId, page);
    const counts = await this.queues.counts(actor.projectId, listed.items.map((queue) => queue.id), now);
    return { items: listed.items.map((queue) => ({ queue, counts: counts.get(queue.id) ?? NONE })), nextCursor: listed.nextCursor };
  }
}
