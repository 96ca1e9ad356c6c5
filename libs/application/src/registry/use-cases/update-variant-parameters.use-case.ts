import { Injectable } from '@nestjs/common';
import { type Actor, type Parameters, type VariantView, assertValidName } from '@crucible/domain';
import { VariantRepository } from '../ports';
import { GetVariantUseCase } from './get-variant.use-case';
import { BuiltinVariantParameters } from '../../prompts/builtin-variant-parameters';

/** A parameter change appends the next immutable revision; earlier ones stay fetchable. Answers the variant with it. */
@Injectable()
export class UpdateVariantParametersUseCase {
  constructor(
    private readonly variants: VariantRepository,
    private readonly getVariant: GetVariantUseCase,
    private readonly builtin: BuiltinVariantParameters,
  ) {}

  async execute(actor: Actor, input: {
    variantId: string; parameters: Parameters; commitMessage?: string; configName?: string;
  }): Promise<VariantView> {
    const view = await this.getVariant.execute(actor, input.variantId);
    if (input.configName !== undefined) assertValidName('config_name', input.configName);
    const parameters = await this.builtin.checked(actor.projectId, view.base.url, input.parameters, ['parameters']);
    const revision = await this.variants.appendRevision(actor.projectId, input.variantId, {
      parameters,
      configName: input.configName ?? view.variant.configName,
      commitMessage: input.commitMessage ?? null,
      modifiedById: actor.id,
      modifiedBy: actor.name,
    });
    // The revision this call appended, even when another was appended since.
    return { ...(await this.getVariant.execute(actor, input.variantId)), latest: revision };
  }
}
