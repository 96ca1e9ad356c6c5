import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  type Actor, type AnnotationItem, DomainError, type OfferedAnnotation, type Score, assertAnswersRubric, assertTakesScores,
  checkedScoreComment, checkedScoreValue, itemRefused,
} from '@crucible/domain';
import { AnnotationQueueRepository, ScoreConfigRepository } from '../ports';

/**
 * `POST /annotation-queues/{id}/items/{item_id}/complete`: one score per config of the rubric (source `annotation`,
 * author the caller), checked as `POST /scores` checks them, stored in the same transaction that marks the item done.
 */
@Injectable()
export class CompleteQueueItemUseCase {
  constructor(private readonly queues: AnnotationQueueRepository, private readonly configs: ScoreConfigRepository) {}

  async execute(actor: Actor, queueId: string, itemId: string, answers: OfferedAnnotation[], now = new Date()): Promise<{ item: AnnotationItem; scores: Score[] }> {
    const queue = await this.queues.findById(actor.projectId, queueId);
    if (!queue) throw DomainError.notFound('annotation queue', queueId);
    const item = await this.queues.findItem(actor.projectId, queueId, itemId);
    if (!item) throw DomainError.notFound('annotation item', itemId);
    assertAnswersRubric(queue, answers);
    const scores: Score[] = [];
    for (const [i, answer] of answers.entries()) {
      const config = await this.configs.findById(actor.projectId, answer.configId);
      if (!config) throw DomainError.notFound('score config', answer.configId);
      assertTakesScores(config);
      const checked = withField(i, () => checkedScoreValue(config, answer));
      scores.push({
        id: randomUUID(), projectId: actor.projectId, traceId: item.traceId, spanId: null, name: config.name, ...checked,
        comment: checkedScoreComment(answer.comment, ['scores', i, 'comment']), configId: config.id, source: 'annotation',
        authorId: actor.id, author: actor.name, createdAt: now,
      });
    }
    const annotator = { id: actor.id, name: actor.name };
    const outcome = await this.queues.complete(actor.projectId, queueId, itemId, annotator, scores, now);
    if ('refused' in outcome) throw itemRefused(outcome.refused, outcome.item, itemId);
    return { item: outcome.item, scores };
  }
}

/** A value refused names where it sits in `scores`, not the bare `value` of `POST /scores`. */
function withField<T>(index: number, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'invalid_input') throw error;
    throw DomainError.invalidInput(error.violations.map((violation) => ({ ...violation, field: ['scores', index, ...violation.field] })));
  }
}
