import { Injectable } from '@nestjs/common';
import { type Actor, type Parameters, type VariantView, DomainError, assertValidName } from '@crucible/domain';
import { VariantRepository } from '../ports';
import { GetAppUseCase } from './get-app.use-case';
import { newVariantRecords } from './new-variant-records';

export interface CreateVariantFromBaseInput {
  baseId: string;
  newVariantName: string;
  newConfigName: string;
  parameters: Parameters;
  commitMessage?: string;
}

/** Another configuration of an existing base (same service and route). */
@Injectable()
export class CreateVariantFromBaseUseCase {
  constructor(
    private readonly variants: VariantRepository,
    private readonly getApp: GetAppUseCase,
  ) {}

  async execute(actor: Actor, input: CreateVariantFromBaseInput): Promise<VariantView> {
    const base = await this.variants.findBase(actor.projectId, input.baseId);
    if (!base) throw DomainError.notFound('base', input.baseId);
    assertValidName('new_variant_name', input.newVariantName);
    assertValidName('new_config_name', input.newConfigName);
    const app = await this.getApp.execute(actor, base.appId);
    const records = newVariantRecords(actor, base, {
      variantName: input.newVariantName, configName: input.newConfigName, parameters: input.parameters,
      commitMessage: input.commitMessage ?? null,
    });
    await this.variants.create({ base, baseIsNew: false, ...records });
    return { variant: records.variant, appName: app.name, base, latest: records.revision };
  }
}
