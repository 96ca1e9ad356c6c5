import type { ConfigJsonSchema } from '@crucible/contracts';

/** One route of a workflow service, as its /openapi.json declares it. */
export interface ServiceRoute {
  path: string;
  /** Where the playground calls it ('/playground/run', '/playground/run/summarize'). */
  playgroundPath: string;
  inputNames: string[];
  configSchema: ConfigJsonSchema;
}

/**
 * Reads what a running workflow service declares (routes, inputs, config schemas). Fails with
 * DomainError('upstream_failure') when the service cannot be reached or declares nothing usable.
 */
export abstract class ServiceDescriber {
  abstract describe(serviceUrl: string): Promise<ServiceRoute[]>;
}
