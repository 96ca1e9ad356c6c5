import { Injectable } from '@nestjs/common';
import { type Actor, type EnvironmentRevision, DomainError } from '@crucible/domain';
import { EnvironmentRepository } from '../ports';
import { VariantRepository } from '../../registry/ports';
import { GetVariantUseCase } from '../../registry/use-cases/variants.use-case';

export interface DeployInput {
  appId: string;
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
  ) {}

  async execute(actor: Actor, input: DeployInput): Promise<EnvironmentRevision> {
    const view = await this.getVariant.execute(actor, input.variantId);
    if (view.variant.appId !== input.appId) {
      throw new DomainError('rule_violation', `variant ${input.variantId} does not belong to app ${input.appId}`);
    }
    const environment = await this.environments.findByName(actor.projectId, input.appId, input.environmentName);
    if (!environment) throw new DomainError('not_found', `environment "${input.environmentName}" not found in app ${input.appId}`);
    const revision = input.revision === undefined
      ? view.latest
      : await this.variants.findRevision(actor.projectId, input.variantId, input.revision);
    if (!revision) throw new DomainError('not_found', `variant ${input.variantId} has no revision ${input.revision}`);
    return this.environments.appendRevision(actor.projectId, environment.id, {
      variantId: view.variant.id,
      variantName: view.variant.name,
      variantRevisionId: revision.id,
      variantRevision: revision.revision,
      commitMessage: input.commitMessage ?? null,
      modifiedById: actor.apiKeyId,
      modifiedBy: actor.apiKeyName,
    });
  }
}

/** Reverting appends a new environment revision that points at the older deployment; history is never rewritten. */
@Injectable()
export class RevertEnvironmentUseCase {
  constructor(
    private readonly environments: EnvironmentRepository,
    private readonly variants: VariantRepository,
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
    return this.environments.appendRevision(actor.projectId, target.environmentId, {
      variantId: target.deployedVariantId,
      variantName: target.deployedVariantName ?? '',
      variantRevisionId: target.deployedVariantRevisionId,
      variantRevision: target.deployedVariantRevision,
      commitMessage: input.commitMessage ?? `revert to revision ${target.revision}`,
      modifiedById: actor.apiKeyId,
      modifiedBy: actor.apiKeyName,
    });
  }
}
