import {
  type ApiKey, type App, type Environment, type EnvironmentHistory, type EnvironmentRevision, type VariantRevision,
  type VariantView, endpointUrl, redactUrlCredentials,
} from '@crucible/domain';
import type { ResolvedConfiguration } from '@crucible/application';
import type { z } from 'zod';
import type { apiKeySchema } from '../wire/access.wire';
import type { environmentHistorySchema, environmentRevisionSchema, environmentSchema, resolvedConfigAnswerSchema } from '../wire/environment.wire';
import type { appSchema, variantRevisionSchema, variantSchema } from '../wire/registry.wire';

const iso = (date: Date): string => date.toISOString();

export const presentApp = (app: App): z.input<typeof appSchema> => ({
  app_id: app.id,
  app_name: app.name,
  project_id: app.projectId,
  created_at: iso(app.createdAt),
  updated_at: iso(app.updatedAt),
});

export const presentApiKey = (key: ApiKey): z.input<typeof apiKeySchema> => ({
  id: key.id,
  project_id: key.projectId,
  name: key.name,
  prefix: key.prefix,
  role: key.role,
  created_at: iso(key.createdAt),
  created_by: key.createdBy,
  last_used_at: key.lastUsedAt ? iso(key.lastUsedAt) : null,
});

/** Seed AppVariantResponse, field for field. */
export const presentVariant = ({ variant, appName, base, latest }: VariantView): z.input<typeof variantSchema> => ({
  app_id: variant.appId,
  app_name: appName,
  variant_id: variant.id,
  variant_name: variant.name,
  project_id: variant.projectId,
  base_name: base.name,
  base_id: base.id,
  config_name: variant.configName,
  // Credentials written into the service URL are used for calls, never shown (§12).
  uri: redactUrlCredentials(base.routePath === '/' ? base.url : endpointUrl(base.url, base.routePath)),
  revision: variant.revision,
  created_at: iso(variant.createdAt),
  updated_at: iso(variant.updatedAt),
  modified_by_id: latest.modifiedById ?? undefined,
});

export const presentVariantRevision = (revision: VariantRevision): z.input<typeof variantRevisionSchema> => ({
  id: revision.id,
  variant_id: revision.variantId,
  revision: revision.revision,
  config_name: revision.configName,
  parameters: revision.parameters,
  config: { config_name: revision.configName, parameters: revision.parameters },
  commit_message: revision.commitMessage,
  modified_by: revision.modifiedBy,
  modified_by_id: revision.modifiedById,
  created_at: iso(revision.createdAt),
});

export const presentEnvironment = (environment: Environment): z.input<typeof environmentSchema> => ({
  name: environment.name,
  app_id: environment.appId,
  project_id: environment.projectId,
  deployed_app_variant_id: environment.deployedVariantId,
  deployed_variant_name: environment.deployedVariantName,
  deployed_app_variant_revision_id: environment.deployedVariantRevisionId,
  revision: environment.revision,
});

export const presentEnvironmentRevision = (revision: EnvironmentRevision): z.input<typeof environmentRevisionSchema> => ({
  id: revision.id,
  revision: revision.revision,
  modified_by: revision.modifiedBy,
  deployed_app_variant_revision: revision.deployedVariantRevisionId ?? undefined,
  deployed_variant_revision: revision.deployedVariantRevision ?? undefined,
  commit_message: revision.commitMessage ?? undefined,
  created_at: iso(revision.createdAt),
  deployed_variant_name: revision.deployedVariantName ?? undefined,
});

/** Seed "environment revisions record": the environment now, and its history, newest last. */
export const presentEnvironmentHistory = ({ environment, revisions }: EnvironmentHistory): z.input<typeof environmentHistorySchema> => ({
  ...presentEnvironment(environment),
  revisions: revisions.map(presentEnvironmentRevision),
});

export const presentResolvedConfig = (resolved: ResolvedConfiguration): z.input<typeof resolvedConfigAnswerSchema> => ({
  app_id: resolved.appId,
  variant_id: resolved.variantId,
  variant_name: resolved.variantName,
  variant_revision_id: resolved.revision.id,
  revision: resolved.revision.revision,
  environment: resolved.environment,
  parameters: resolved.revision.parameters,
});
