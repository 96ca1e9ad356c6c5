import { Injectable } from '@nestjs/common';
import type { Actor } from '@crucible/domain';
import { VariantRepository } from '../ports';
import { GetVariantUseCase } from './get-variant.use-case';

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
