import { Injectable } from '@nestjs/common';
import { type Actor, type Parameters, type VariantView, DomainError, assertValidName } from '@crucible/domain';
import { VariantRepository } from '../ports';
import { GetAppUseCase } from './get-app.use-case';
import { newVariantRecords } from './new-variant-records';
import { BuiltinVariantParameters } from '../../prompts/builtin-variant-parameters';

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
    private readonly builtin: BuiltinVariantParameters,
  ) {}

  async execute(actor: Actor, input: CreateVariantFromBaseInput): Promise<VariantView> {
    const base = await this.variants.findBase(actor.projectId, input.baseId);
    if (!base) throw DomainError.notFound('base', input.baseId);
    assertValidName('new_variant_name', input.newVariantName);
    assertValidName('new_config_name', input.newConfigName);
    const app = await this.getApp.execute(actor, base.appId);
    const parameters = await this.builtin.checked(actor.projectId, base.url, input.parameters, ['parameters']);
    const records = newVariantRecords(actor, base, {
      variantName: input.newVariantName, configName: input.newConfigName, parameters,
      commitMessage: input.commitMessage ?? null,
    });
    await this.variants.create({ base, baseIsNew: false, ...records });
    return { variant: records.variant, appName: app.name, base, latest: records.revision };
  }
}
