import { routingContext } from '../context/routing-context';
import { sdkState } from '../init/sdk-state';
import { parseConfig } from '../schema/config-validator';
import { ConfigSchema } from '../schema/schema-definition';
import { resolveConfig } from './config-resolver';
import { ConfigReference } from './registry-client';

export class ConfigManager {
  /**
   * The configuration to run with. Inside a route: the current request's validated configuration.
   * Outside: fetched from the registry by the references given to init / the config file (variant
   * first, else app + environment); with no reference, the file's default_config; then the schema's defaults.
   * With a schema: an instance of it (unknown keys dropped, values checked); without: a plain object.
   */
  static async getFromRoute<T extends object>(schema: ConfigSchema<T>): Promise<T>;
  static async getFromRoute(): Promise<Record<string, unknown>>;
  static async getFromRoute<T extends object>(schema?: ConfigSchema<T>): Promise<T | Record<string, unknown>> {
    const fromRoute = routingContext.get().config;
    const parameters = fromRoute ?? (await parametersOutsideRoute());
    if (!schema) return { ...parameters };
    return parseConfig(schema, parameters, { extra: 'ignore', loc: ['config'] });
  }
}

async function parametersOutsideRoute(): Promise<Record<string, unknown>> {
  const state = sdkState();
  const reference = referenceFromInit(state.references);
  if (reference) return (await resolveConfig(reference)).parameters;
  return state.configFile.default_config ?? {};
}

function referenceFromInit(references: ReturnType<typeof sdkState>['references']): ConfigReference | undefined {
  if (references.variantId) return { kind: 'variant', variantId: references.variantId, revision: references.variantRevision };
  if (references.appId && references.environment) {
    return { kind: 'environment', appId: references.appId, environment: references.environment };
  }
  return undefined;
}
