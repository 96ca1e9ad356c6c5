import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, checkedQueueTraceIds } from '@crucible/domain';
import { AnnotationQueueRepository } from '../ports';

/** `POST /annotation-queues/{id}/items`: traces of the project join the back of the queue, each once. */
@Injectable()
export class AddQueueItemsUseCase {
  constructor(private readonly queues: AnnotationQueueRepository) {}

  async execute(actor: Actor, queueId: string, traceIds: string[], now = new Date()): Promise<{ added: number; alreadyQueued: number }> {
    const queue = await this.queues.findById(actor.projectId, queueId);
    if (!queue) throw DomainError.notFound('annotation queue', queueId);
    const unique = checkedQueueTraceIds(traceIds);
    const missing = await this.queues.missingTraces(actor.projectId, unique);
    if (missing.length > 0) {
      throw DomainError.invalidInput(missing.slice(0, 20).map((id) => ({
        field: ['trace_ids', traceIds.indexOf(id)], reason: `trace ${id} not found in this project`, rule: 'invalid_value' as const,
      })));
    }
    const added = await this.queues.addItems(actor.projectId, queueId, unique, now);
    return { added, alreadyQueued: unique.length - added };
  }
}
