import { Injectable } from '@nestjs/common';
import {
  type Actor, type Parameters, type VariantRevision, type VariantView, DomainError, assertValidName,
} from '@crucible/domain';
import { VariantRepository } from '../ports';
import { GetAppUseCase } from './apps.use-case';

@Injectable()
export class GetVariantUseCase {
  constructor(private readonly variants: VariantRepository) {}

  async execute(actor: Actor, variantId: string): Promise<VariantView> {
    const view = await this.variants.findView(actor.projectId, variantId);
    if (!view) throw DomainError.notFound('variant', variantId);
    return view;
  }
}

@Injectable()
export class ListVariantsUseCase {
  constructor(
    private readonly variants: VariantRepository,
    private readonly getApp: GetAppUseCase,
  ) {}

  async execute(actor: Actor, appId: string): Promise<VariantView[]> {
    await this.getApp.execute(actor, appId);
    return this.variants.listViews(actor.projectId, appId);
  }
}

@Injectable()
export class UpdateVariantParametersUseCase {
  constructor(
    private readonly variants: VariantRepository,
    private readonly getVariant: GetVariantUseCase,
  ) {}

  async execute(actor: Actor, input: {
    variantId: string; parameters: Parameters; commitMessage?: string; configName?: string;
  }): Promise<VariantRevision> {
    const view = await this.getVariant.execute(actor, input.variantId);
    if (input.configName !== undefined) assertValidName('config_name', input.configName);
    return this.variants.appendRevision(actor.projectId, input.variantId, {
      parameters: input.parameters,
      configName: input.configName ?? view.variant.configName,
      commitMessage: input.commitMessage ?? null,
      modifiedById: actor.apiKeyId,
      modifiedBy: actor.apiKeyName,
    });
  }
}

@Injectable()
export class ListVariantRevisionsUseCase {
  constructor(
    private readonly variants: VariantRepository,
    private readonly getVariant: GetVariantUseCase,
  ) {}

  async execute(actor: Actor, variantId: string): Promise<VariantRevision[]> {
    await this.getVariant.execute(actor, variantId);
    return this.variants.listRevisions(actor.projectId, variantId);
  }
}

@Injectable()
export class GetVariantRevisionUseCase {
  constructor(private readonly variants: VariantRepository) {}

  async execute(actor: Actor, variantId: string, revision: number): Promise<VariantRevision> {
    const found = await this.variants.findRevision(actor.projectId, variantId, revision);
    if (!found) throw new DomainError('not_found', `variant ${variantId} has no revision ${revision}`);
    return found;
  }
}

@Injectable()
export class DeleteVariantUseCase {
  constructor(
    private readonly variants: VariantRepository,
    private readonly getVariant: GetVariantUseCase,
  ) {}

  async execute(actor: Actor, variantId: string): Promise<void> {
    await this.getVariant.execute(actor, variantId);
    await this.variants.delete(actor.projectId, variantId);
  }
}

