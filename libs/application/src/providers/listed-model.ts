import type { CustomModel, ModelSource, ProviderKind, TokenPrices } from '@crucible/domain';
import type { ConnectionSummary } from './ports';

/** A model as `GET /models` lists it: from the catalog, or one of the project's own. */
export interface ListedModel {
  /** A catalog id (`openai/gpt-4o-mini`), or `<connection name>/<name>` for a custom model. */
  id: string;
  provider: ProviderKind;
  name: string;
  contextWindow: number | null;
  maxOutputTokens: number | null;
  prices: TokenPrices | null;
  source: ModelSource;
  /** The project has a connection that serves it. */
  available: boolean;
  /** The custom model behind a `custom` entry; null for the catalog's. */
  custom: CustomModel | null;
}

/** A custom model as `GET /models` lists it: `<connection name>/<name>`, of its connection's kind. */
export const listedCustomModel = (model: CustomModel, connection: ConnectionSummary): ListedModel => ({
  id: `${connection.name}/${model.name}`, provider: connection.kind, name: model.name, contextWindow: null, maxOutputTokens: null,
  prices: model.prices, source: 'custom', available: true, custom: model,
});
