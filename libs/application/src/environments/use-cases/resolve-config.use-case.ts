import { Injectable } from '@nestjs/common';
import { type Actor, type VariantRevision, DomainError } from '@crucible/domain';
import { EnvironmentRepository } from '../ports';
import { AppRepository, VariantRepository } from '../../registry/ports';
import { GetVariantUseCase } from '../../registry/use-cases/get-variant.use-case';

export type ConfigReference =
  | { appId: string; environment: string }
  /** The SDK's getPrompt names the app. */
  | { appName: string; environment: string }
  | { variantId: string; revision?: number };

export interface ResolvedConfiguration {
  appId: string;
  variantId: string;
  variantName: string;
  revision: VariantRevision;
  environment: string | null;
}

/** What the SDK asks for on a deployed call: the parameters behind an environment or a variant revision. */
@Injectable()
export class ResolveConfigUseCase {
  constructor(
    private readonly environments: EnvironmentRepository,
    private readonly variants: VariantRepository,
    private readonly getVariant: GetVariantUseCase,
    private readonly apps: AppRepository,
  ) {}

  async execute(actor: Actor, reference: ConfigReference): Promise<ResolvedConfiguration> {
    if ('appName' in reference) {
      const app = await this.apps.findByName(actor.projectId, reference.appName);
      if (!app) throw new DomainError('not_found', `app "${reference.appName}" not found`);
      return this.execute(actor, { appId: app.id, environment: reference.environment });
    }
    if ('environment' in reference) {
      const environment = await this.environments.findByName(actor.projectId, reference.appId, reference.environment);
      if (!environment) {
        throw new DomainError('not_found', `environment "${reference.environment}" not found in app ${reference.appId}`);
      }
      if (!environment.deployedVariantRevisionId) {
        throw new DomainError('not_found', `nothing is deployed to environment "${environment.name}" of app ${reference.appId}`);
      }
      const [revision] = await this.variants.findRevisionsByIds(actor.projectId, [environment.deployedVariantRevisionId]);
      if (!revision) throw new DomainError('not_found', `the revision deployed to "${environment.name}" no longer exists`);
      return {
        appId: reference.appId, variantId: revision.variantId, variantName: environment.deployedVariantName ?? '',
        revision, environment: environment.name,
      };
    }
    const view = await this.getVariant.execute(actor, reference.variantId);
    const revision = reference.revision === undefined
      ? view.latest
      : await this.variants.findRevision(actor.projectId, reference.variantId, reference.revision);
    if (!revision) throw new DomainError('not_found', `variant ${reference.variantId} has no revision ${reference.revision}`);
    return { appId: view.variant.appId, variantId: view.variant.id, variantName: view.variant.name, revision, environment: null };
  }
}
