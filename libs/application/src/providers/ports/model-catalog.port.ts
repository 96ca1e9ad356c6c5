import type { CallUsage, CatalogModel } from '@crucible/domain';

/** The maintained catalog of models and prices (a package's bundled data; never fetched at run time). */
export abstract class ModelCatalog {
  /** Every catalog model of the provider kinds a connection can serve, ordered by id. */
  abstract models(): readonly CatalogModel[];
  /**
   * USD of a call, or null when the catalog does not know the model. `provider` is a kind or a span's
   * `gen_ai.system`/`gen_ai.provider.name`; `model` a catalog id (`openai/gpt-4o-mini`) or a bare name.
   */
  abstract costOf(call: { provider?: string; model: string; usage: CallUsage }): number | null;
}
