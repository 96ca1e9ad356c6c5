import { Injectable } from '@nestjs/common';
import { type Actor, type VariantView, DomainError } from '@crucible/domain';
import { VariantRepository } from '../ports';

@Injectable()
export class GetVariantUseCase {
  constructor(private readonly variants: VariantRepository) {}

  async execute(actor: Actor, variantId: string): Promise<VariantView> {
    const view = await this.variants.findView(actor.projectId, variantId);
    if (!view) throw DomainError.notFound('variant', variantId);
    return view;
  }
}
