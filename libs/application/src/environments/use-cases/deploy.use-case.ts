import { Injectable } from '@nestjs/common';
import { type Actor, type EnvironmentRevision, DomainError } from '@crucible/domain';
import { EnvironmentRepository } from '../ports';
import { VariantRepository } from '../../registry/ports';
import { GetVariantUseCase } from '../../registry/use-cases/get-variant.use-case';
import { DeployedConfigCache } from '../../prompts/gateway/deployed-config-cache';

export interface DeployInput {
  /** Defaults to the variant's app. */
  appId?: string;
  environmentName: string;
  variantId: string;
  /** Defaults to the variant's latest revision. */
  revision?: number;
  commitMessage?: string;
}

@Injectable()
export class DeployUseCase {
  constructor(
    private readonly environments: EnvironmentRepository,
    private readonly variants: VariantRepository,
    private readonly getVariant: GetVariantUseCase,
    private readonly deployedConfigs: DeployedConfigCache,
  ) {}

  async execute(actor: Actor, input: DeployInput): Promise<EnvironmentRevision> {
    const view = await this.getVariant.execute(actor, input.variantId);
    // Agenta's clients name only the variant: its app is the one deployed to.
    const appId = input.appId ?? view.variant.appId;
    if (view.variant.appId !== appId) {
      throw new DomainError('rule_violation', `variant ${input.variantId} does not belong to app ${appId}`);
    }
    const environment = await this.environments.findByName(actor.projectId, appId, input.environmentName);
    if (!environment) throw new DomainError('not_found', `environment "${input.environmentName}" not found in app ${appId}`);
    const revision = input.revision === undefined
      ? view.latest
      : await this.variants.findRevision(actor.projectId, input.variantId, input.revision);
    if (!revision) throw new DomainError('not_found', `variant ${input.variantId} has no revision ${input.revision}`);
    const deployed = await this.environments.appendRevision(actor.projectId, environment.id, {
      variantId: view.variant.id,
      variantName: view.variant.name,
      variantRevisionId: revision.id,
      variantRevision: revision.revision,
      commitMessage: input.commitMessage ?? null,
      modifiedById: actor.id,
      modifiedBy: actor.name,
    });
    // The gateway's next call runs what was just deployed.
    await this.deployedConfigs.dropProject(actor.projectId);
    return deployed;
  }
}
