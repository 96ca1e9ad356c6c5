import type { z } from 'zod';
import type { Score, ScoreConfig } from '@crucible/domain';
import type { scoreConfigSchema, scoreSchema } from '../wire/score.wire';

export const presentScoreConfig = (config: ScoreConfig): z.input<typeof scoreConfigSchema> => ({
  id: config.id, name: config.name, data_type: config.dataType, min: config.min, max: config.max, categories: config.categories,
  description: config.description, archived: config.archived, created_at: config.createdAt.toISOString(),
  updated_at: config.updatedAt.toISOString(), created_by: config.createdBy,
});

export const presentScore = (score: Score): z.input<typeof scoreSchema> => ({
  id: score.id, trace_id: score.traceId, span_id: score.spanId, name: score.name, data_type: score.dataType, value: score.value,
  string_value: score.stringValue, comment: score.comment, config_id: score.configId, source: score.source, author: score.author,
  online_evaluation_id: score.source === 'online_evaluation' ? score.authorId : null,
  created_at: score.createdAt.toISOString(),
});
