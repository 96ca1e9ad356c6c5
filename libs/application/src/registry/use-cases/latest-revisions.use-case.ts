import { Injectable } from '@nestjs/common';
import type { Actor } from '@crucible/domain';
import { GetVariantUseCase } from './get-variant.use-case';

/** Agenta's clients name variants where we pin revisions: each variant stands for its latest revision. */
@Injectable()
export class LatestRevisionsUseCase {
  constructor(private readonly getVariant: GetVariantUseCase) {}

  async execute(actor: Actor, variantIds: string[]): Promise<string[]> {
    const views = await Promise.all(variantIds.map((variantId) => this.getVariant.execute(actor, variantId)));
    return views.map((view) => view.latest.id);
  }
}
