import { Injectable } from '@nestjs/common';
import { type Actor, type AnnotationItem, DomainError, itemRefused } from '@crucible/domain';
import { AnnotationQueueRepository } from '../ports';

/** `POST /annotation-queues/{id}/items/{item_id}/skip`: the caller lets the item go; it waits again at the back of the queue. */
@Injectable()
export class SkipQueueItemUseCase {
  constructor(private readonly queues: AnnotationQueueRepository) {}

  async execute(actor: Actor, queueId: string, itemId: string, now = new Date()): Promise<AnnotationItem> {
    const queue = await this.queues.findById(actor.projectId, queueId);
    if (!queue) throw DomainError.notFound('annotation queue', queueId);
    const outcome = await this.queues.skip(actor.projectId, queueId, itemId, { id: actor.id, name: actor.name }, now);
    if ('refused' in outcome) throw itemRefused(outcome.refused, outcome.item, itemId);
    return outcome.item;
  }
}
