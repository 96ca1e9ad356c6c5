import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { MAX_QUEUE_DESCRIPTION_LENGTH, MAX_QUEUE_ITEMS_PER_CALL, MAX_QUEUE_SCORE_CONFIGS, MAX_SCORE_COMMENT_LENGTH, MAX_SCORE_TEXT_LENGTH } from '@crucible/domain';
import { id, nullable, timestamp } from './common.wire';

/** ARCHITECTURE §18: annotation queues, their items and their progress. */

const traceId = z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be 1–128 letters, digits or ._:-');

export class CreateAnnotationQueueDto extends createZodDto(z.object({
  name: z.string().max(1000).meta({ example: 'support answers, week 48' }),
  score_config_ids: z.array(id).max(MAX_QUEUE_SCORE_CONFIGS * 5).describe('the rubric: score configs of the project, none archived'),
  description: nullable(z.string().max(MAX_QUEUE_DESCRIPTION_LENGTH * 2)).optional(),
}).strict()) {}

const countsShape = {
  total: z.number().int().describe('items in the queue'),
  done: z.number().int().describe('items completed'),
  held: z.number().int().describe('items held by an annotator right now'),
};

export const annotationQueueSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: nullable(z.string()),
  score_config_ids: z.array(z.string()),
  created_at: timestamp,
  created_by: z.string().describe('the name of the API key that created it'),
  progress: z.object(countsShape),
});
export class AnnotationQueueDto extends createZodDto(annotationQueueSchema) {}

export const annotationQueueDetailSchema = annotationQueueSchema.extend({
  progress: z.object({
    ...countsShape,
    annotators: z.array(z.object({
      annotator: z.string().describe('the name of the API key'),
      annotator_key_id: z.string(),
      done: z.number().int(),
      holding: z.boolean().describe('whether they hold an item right now'),
    })).describe('everyone who completed an item or holds one, most done first'),
  }),
});
export class AnnotationQueueDetailDto extends createZodDto(annotationQueueDetailSchema) {}

export class AddQueueItemsDto extends createZodDto(z.object({
  trace_ids: z.array(traceId).max(MAX_QUEUE_ITEMS_PER_CALL * 2).describe('traces of the project; one already in the queue is not added again'),
}).strict()) {}

export const addedQueueItemsSchema = z.object({
  added: z.number().int(),
  already_queued: z.number().int().describe('traces named that were in the queue already'),
});
export class AddedQueueItemsDto extends createZodDto(addedQueueItemsSchema) {}

export const annotationItemSchema = z.object({
  id: z.string(),
  queue_id: z.string(),
  trace_id: z.string(),
  status: z.enum(['pending', 'done']),
  held_by: nullable(z.string()).describe('the annotator who holds it (the name of the API key), while the hold lasts'),
  held_until: nullable(timestamp),
  completed_by: nullable(z.string()),
  completed_at: nullable(timestamp),
  created_at: timestamp,
});
export class AnnotationItemDto extends createZodDto(annotationItemSchema) {}

export class CompleteQueueItemDto extends createZodDto(z.object({
  scores: z.array(z.object({
    config_id: id,
    value: nullable(z.union([z.number(), z.boolean()])).optional()
      .describe('numeric: the number; boolean: true/false or 1/0; categorical: the category\'s value'),
    string_value: nullable(z.string().max(MAX_SCORE_TEXT_LENGTH * 2)).optional().describe('text: the text; categorical: the label'),
    comment: nullable(z.string().max(MAX_SCORE_COMMENT_LENGTH * 2)).optional(),
  }).strict()).max(MAX_QUEUE_SCORE_CONFIGS * 5).describe('one per score config of the queue\'s rubric'),
}).strict()) {}
