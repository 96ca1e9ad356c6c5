import { Injectable } from '@nestjs/common';
import { type Actor, type VariantRevision, DomainError } from '@crucible/domain';
import { VariantRepository } from '../ports';

@Injectable()
export class GetVariantRevisionUseCase {
  constructor(private readonly variants: VariantRepository) {}

  async execute(actor: Actor, variantId: string, revision: number): Promise<VariantRevision> {
    const found = await this.variants.findRevision(actor.projectId, variantId, revision);
    if (!found) throw new DomainError('not_found', `variant ${variantId} has no revision ${revision}`);
    return found;
  }
}
