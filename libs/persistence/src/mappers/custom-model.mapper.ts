import type { CustomModel } from '@crucible/domain';

type Row = Record<string, unknown>;
const priceOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export const CUSTOM_MODEL_COLUMNS = `id, project_id, provider_connection_id, name, input_price_per_mtok, output_price_per_mtok,
  cached_input_price_per_mtok, match_pattern, created_at, updated_at`;

export function customModelFromRow(row: Row): CustomModel {
  return {
    id: String(row['id']), projectId: String(row['project_id']), providerConnectionId: String(row['provider_connection_id']),
    name: String(row['name']),
    prices: { input: Number(row['input_price_per_mtok']), output: Number(row['output_price_per_mtok']), cachedInput: priceOrNull(row['cached_input_price_per_mtok']) },
    matchPattern: (row['match_pattern'] as string | null) ?? null,
    createdAt: new Date(row['created_at'] as string | Date), updatedAt: new Date(row['updated_at'] as string | Date),
  };
}

/** Parameters $1…$10 in CUSTOM_MODEL_COLUMNS' order. */
export const customModelToParameters = (model: CustomModel): unknown[] => [
  model.id, model.projectId, model.providerConnectionId, model.name, model.prices.input, model.prices.output, model.prices.cachedInput,
  model.matchPattern, model.createdAt.toISOString(), model.updatedAt.toISOString(),
];
