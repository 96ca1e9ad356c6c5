import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './generated/api-schema';

export type CrucibleClient = Client<paths>;
/** Every wire shape the api declares, by schema name. */
export type CrucibleSchemas = components['schemas'];
export type { components, paths };

export interface CrucibleClientOptions {
  /** The api's base URL, e.g. `http://localhost:8000`. */
  baseUrl: string;
  /** Sent as `Authorization: ApiKey <key>`; omit for public routes. */
  apiKey?: string;
  /** Replaces the global fetch (tests, proxies). */
  fetch?: ClientOptions['fetch'];
  headers?: Record<string, string>;
}

/** A typed client for the Crucible api: paths, parameters, bodies and answers come from its OpenAPI document. */
export function createCrucibleClient({ baseUrl, apiKey, fetch, headers = {} }: CrucibleClientOptions): CrucibleClient {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    fetch,
    headers: { ...headers, ...(apiKey ? { Authorization: `ApiKey ${apiKey}` } : {}) },
  });
}
