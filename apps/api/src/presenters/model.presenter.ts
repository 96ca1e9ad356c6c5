import type { z } from 'zod';
import type { ListedModel } from '@crucible/application';
import type { modelSchema } from '../wire/model.wire';

export const presentModel = (model: ListedModel): z.input<typeof modelSchema> => ({
  id: model.id,
  provider: model.provider,
  name: model.name,
  context_window: model.contextWindow,
  max_output_tokens: model.maxOutputTokens,
  input_price_per_mtok: model.prices?.input ?? null,
  output_price_per_mtok: model.prices?.output ?? null,
  cached_input_price_per_mtok: model.prices?.cachedInput ?? null,
  source: model.source,
  available: model.available,
  custom_model_id: model.custom?.id ?? null,
  provider_connection_id: model.custom?.providerConnectionId ?? null,
  match_pattern: model.custom?.matchPattern ?? null,
  created_at: model.custom?.createdAt.toISOString() ?? null,
  updated_at: model.custom?.updatedAt.toISOString() ?? null,
});

