import type { z } from 'zod';
import { ENVIRONMENT_CONNECTION_ID, type ProviderConnection, type ProviderKindSpec } from '@crucible/domain';
import type { ProbeResult } from '@crucible/application';
import type { connectionTestSchema, providerConnectionSchema, providerKindSchema } from '../wire/provider.wire';

export const presentProviderKind = (spec: ProviderKindSpec): z.input<typeof providerKindSchema> => ({
  kind: spec.kind, name: spec.name, fields: spec.fields, default_base_url: spec.defaultBaseUrl,
});

/** Everything but the sealed secret, which has no field here to leak through. */
export const presentProviderConnection = (connection: ProviderConnection): z.input<typeof providerConnectionSchema> => ({
  id: connection.id, name: connection.name, kind: connection.kind, base_url: connection.baseUrl, api_version: connection.apiVersion,
  api_key_hint: connection.apiKeyHint, header_names: connection.headerNames, read_only: connection.id === ENVIRONMENT_CONNECTION_ID,
  created_at: connection.createdAt.toISOString(), created_by: connection.createdBy,
});

export const presentConnectionTest = (result: ProbeResult): z.input<typeof connectionTestSchema> => ({
  ok: result.ok, latency_ms: result.latencyMs,
  ...(result.models ? { models: result.models } : {}),
  ...(result.error ? { error: result.error } : {}),
});
