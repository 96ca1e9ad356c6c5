import { Injectable } from '@nestjs/common';
import { type Actor, type EnvironmentRevision, DomainError } from '@crucible/domain';
import { EnvironmentRepository } from '../ports';
import { VariantRepository } from '../../registry/ports';
import { DeployedConfigCache } from '../../prompts/gateway/deployed-config-cache';

/** Reverting appends a new environment revision that points at the older deployment; history is never rewritten. */
@Injectable()
export class RevertEnvironmentUseCase {
  constructor(
    private readonly environments: EnvironmentRepository,
    private readonly variants: VariantRepository,
    private readonly deployedConfigs: DeployedConfigCache,
  ) {}

  async execute(actor: Actor, input: { environmentRevisionId: string; commitMessage?: string }): Promise<EnvironmentRevision> {
    const target = await this.environments.findRevisionById(actor.projectId, input.environmentRevisionId);
    if (!target) throw DomainError.notFound('environment revision', input.environmentRevisionId);
    if (!target.deployedVariantId || !target.deployedVariantRevisionId || target.deployedVariantRevision === null) {
      throw new DomainError('invalid_state', `environment revision ${target.id} deployed nothing to revert to`);
    }
    const [variantRevision] = await this.variants.findRevisionsByIds(actor.projectId, [target.deployedVariantRevisionId]);
    if (!variantRevision) {
      throw new DomainError('invalid_state', `the variant deployed by environment revision ${target.id} no longer exists`);
    }
    const reverted = await this.environments.appendRevision(actor.projectId, target.environmentId, {
      variantId: target.deployedVariantId,
      variantName: target.deployedVariantName ?? '',
      variantRevisionId: target.deployedVariantRevisionId,
      variantRevision: target.deployedVariantRevision,
      commitMessage: input.commitMessage ?? `revert to revision ${target.revision}`,
      modifiedById: actor.id,
      modifiedBy: actor.name,
    });
    await this.deployedConfigs.dropProject(actor.projectId);
    return reverted;
  }
}
