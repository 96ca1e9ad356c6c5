import { Injectable } from '@nestjs/common';
import type { Actor, VariantRevision } from '@crucible/domain';
import { VariantRepository } from '../ports';
import { GetVariantUseCase } from './get-variant.use-case';
import type { Page, PageRequest } from '../../shared/page';

@Injectable()
export class ListVariantRevisionsUseCase {
  constructor(
    private readonly variants: VariantRepository,
    private readonly getVariant: GetVariantUseCase,
  ) {}

  async execute(actor: Actor, variantId: string, page: PageRequest): Promise<Page<VariantRevision>> {
    await this.getVariant.execute(actor, variantId);
    return this.variants.listRevisions(actor.projectId, variantId, page);
  }
}
