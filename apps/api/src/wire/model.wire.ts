import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { CUSTOM_MODEL_NAME_MAX_LENGTH, MATCH_PATTERN_MAX_LENGTH, PROVIDER_KINDS } from '@crucible/domain';
import { nullable, pageQuerySchema, timestamp } from './common.wire';

const price = z.number().min(0).describe('USD per million tokens');

export class ModelListQueryDto extends createZodDto(pageQuerySchema.extend({
  provider: z.enum(PROVIDER_KINDS).optional().describe('only the models of this provider kind'),
  q: z.string().max(200).optional().describe('case-insensitive text in the id or name'),
})) {}

export class CreateCustomModelDto extends createZodDto(z.object({
  provider_connection_id: z.string().min(1).max(64).describe('the connection that serves it (`environment` for the OPENAI_* fallback)'),
  name: z.string().min(1).max(CUSTOM_MODEL_NAME_MAX_LENGTH).describe('the model name the provider takes'),
  input_price_per_mtok: price,
  output_price_per_mtok: price,
  cached_input_price_per_mtok: nullable(price).optional(),
  match_pattern: nullable(z.string().max(MATCH_PATTERN_MAX_LENGTH)).optional()
    .describe('an RE2 pattern found in the model names of calls and spans this model prices; without it, the exact name'),
})) {}

export class UpdateCustomModelDto extends createZodDto(z.object({
  name: z.string().min(1).max(CUSTOM_MODEL_NAME_MAX_LENGTH).optional(),
  input_price_per_mtok: price.optional(),
  output_price_per_mtok: price.optional(),
  cached_input_price_per_mtok: nullable(price).optional(),
  match_pattern: nullable(z.string().max(MATCH_PATTERN_MAX_LENGTH)).optional(),
})) {}

export const modelSchema = z.object({
  id: z.string().describe('a catalog id (`openai/gpt-4o-mini`) or `<connection name>/<name>` for a custom model'),
  provider: z.enum(PROVIDER_KINDS),
  name: z.string(),
  context_window: nullable(z.number().int()),
  max_output_tokens: nullable(z.number().int()),
  input_price_per_mtok: nullable(z.number()),
  output_price_per_mtok: nullable(z.number()),
  cached_input_price_per_mtok: nullable(z.number()),
  source: z.enum(['catalog', 'custom']),
  available: z.boolean().describe('the project has a connection that serves it'),
  custom_model_id: nullable(z.string()).describe('for `PATCH|DELETE /models/{id}`; null for catalog models'),
  provider_connection_id: nullable(z.string()),
  match_pattern: nullable(z.string()),
  created_at: nullable(timestamp),
  updated_at: nullable(timestamp),
});
export class ModelDto extends createZodDto(modelSchema) {}
