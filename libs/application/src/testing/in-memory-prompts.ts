import type { CatalogModel } from '@crucible/domain';
import { PromptModelResolver } from '../prompts/prompt-model-resolver';
import { ProviderReadCache } from '../providers/provider-read-cache';
import { PromptParametersCheck } from '../prompts/prompt-parameters-check';
import { BuiltinVariantParameters } from '../prompts/builtin-variant-parameters';
import { InMemoryCustomModelRepository, InMemoryModelCatalog, InMemoryProviderConnectionDirectory } from './in-memory-providers';
import { InMemoryProviderConnectionRepository } from './in-memory-provider-connection.repository';

/** Two catalog models a test can name; priced so costs are checkable. */
export const TEST_CATALOG: CatalogModel[] = [
  { id: 'openai/gpt-4o-mini', provider: 'openai', model: 'gpt-4o-mini', name: 'GPT-4o mini', contextWindow: 128_000, maxOutputTokens: 16_384, prices: { input: 0.15, output: 0.6, cachedInput: null } },
  { id: 'anthropic/claude-3-5-haiku-latest', provider: 'anthropic', model: 'claude-3-5-haiku-latest', name: 'Claude 3.5 Haiku', contextWindow: 200_000, maxOutputTokens: 8_192, prices: { input: 0.8, output: 4, cachedInput: null } },
];

/** The prompts context over in-memory providers: add connections to `directory` (and `connections` for listed models). */
export class InMemoryPrompts {
  readonly directory = new InMemoryProviderConnectionDirectory();
  readonly connections = new InMemoryProviderConnectionRepository();
  readonly customModels = new InMemoryCustomModelRepository();
  readonly catalog = new InMemoryModelCatalog(TEST_CATALOG);
  readonly models = new PromptModelResolver(this.catalog, this.customModels, this.directory, this.connections, new ProviderReadCache());
  readonly check = new PromptParametersCheck(this.models);
  readonly parameters = new BuiltinVariantParameters(this.check, this.models);
}
