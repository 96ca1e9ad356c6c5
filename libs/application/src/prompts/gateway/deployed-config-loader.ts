import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, playgroundEndpoint } from '@crucible/domain';
import { ResolveConfigUseCase } from '../../environments/use-cases/resolve-config.use-case';
import { VariantRepository } from '../../registry/ports';
import { type DeployedConfig, DeployedConfigCache } from './deployed-config-cache';

/** The deployed config of an app's environment, from the cache or (on a miss) the registry. */
@Injectable()
export class DeployedConfigLoader {
  constructor(
    private readonly cache: DeployedConfigCache,
    private readonly resolveConfig: ResolveConfigUseCase,
    private readonly variants: VariantRepository,
  ) {}

  load(actor: Actor, appId: string, environment: string): Promise<DeployedConfig> {
    return this.cache.get(actor.projectId, appId, environment, () => this.fromRegistry(actor, appId, environment));
  }

  private async fromRegistry(actor: Actor, appId: string, environment: string): Promise<DeployedConfig> {
    const resolved = await this.resolveConfig.execute(actor, { appId, environment });
    const view = await this.variants.findView(actor.projectId, resolved.variantId);
    if (!view) throw new DomainError('not_found', `the variant deployed to "${environment}" of app ${appId} no longer exists`);
    return {
      appId, environment, variantId: resolved.variantId, variantRevisionId: resolved.revision.id, revision: resolved.revision.revision,
      parameters: resolved.revision.parameters, invocationUrl: playgroundEndpoint(view.base),
    };
  }
}
