import { Injectable } from '@nestjs/common';
import { type Actor, type AnnotationQueue, DomainError, type QueueProgress } from '@crucible/domain';
import { AnnotationQueueRepository } from '../ports';

/** `GET /annotation-queues/{id}`: the queue with its progress, per annotator. */
@Injectable()
export class GetAnnotationQueueUseCase {
  constructor(private readonly queues: AnnotationQueueRepository) {}

  async execute(actor: Actor, id: string, now = new Date()): Promise<{ queue: AnnotationQueue; progress: QueueProgress }> {
    const queue = await this.queues.findById(actor.projectId, id);
    if (!queue) throw DomainError.notFound('annotation queue', id);
    return { queue, progress: await this.queues.progress(actor.projectId, id, now) };
  }
}
