import { Injectable } from '@nestjs/common';
import type { Actor } from '@crucible/domain';
import { GetVariantUseCase } from './get-variant.use-case';

/** Revisions named by their ids, or by their variants' (as Agenta's clients do): each variant means its latest revision. */
export type RevisionChoice = { revisionIds: string[] } | { variantIds: string[] };

/** The revision ids a choice stands for, for the use cases that pin revisions. */
@Injectable()
export class LatestRevisionsUseCase {
  constructor(private readonly getVariant: GetVariantUseCase) {}

  async execute(actor: Actor, choice: RevisionChoice): Promise<string[]> {
    if ('revisionIds' in choice) return choice.revisionIds;
    const variantIds = choice.variantIds;
    const views = await Promise.all(variantIds.map((variantId) => this.getVariant.execute(actor, variantId)));
    return views.map((view) => view.latest.id);
  }
}
