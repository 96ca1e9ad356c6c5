import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type Actor, type AnnotationQueue, DomainError, type NewAnnotationQueue, checkedAnnotationQueue } from '@crucible/domain';
import { AnnotationQueueRepository, ScoreConfigRepository } from '../ports';

/** `POST /annotation-queues` (ARCHITECTURE §18): a rubric of the project's score configs, none of them archived. */
@Injectable()
export class CreateAnnotationQueueUseCase {
  constructor(private readonly queues: AnnotationQueueRepository, private readonly configs: ScoreConfigRepository) {}

  async execute(actor: Actor, input: NewAnnotationQueue, now = new Date()): Promise<AnnotationQueue> {
    const checked = checkedAnnotationQueue(input);
    for (const [i, id] of checked.scoreConfigIds.entries()) {
      const config = await this.configs.findById(actor.projectId, id);
      const reason = !config ? `score config ${id} not found in this project`
        : config.archived ? `score config "${config.name}" (${id}) is archived: it takes no new scores` : null;
      if (reason) throw DomainError.invalidInput([{ field: ['score_config_ids', i], reason, rule: 'invalid_value' }]);
    }
    const queue: AnnotationQueue = { ...checked, id: randomUUID(), projectId: actor.projectId, createdAt: now, createdBy: actor.name };
    await this.queues.create(queue);
    return queue;
  }
}
