import { Injectable } from '@nestjs/common';
import type { Actor, VariantView } from '@crucible/domain';
import { VariantRepository } from '../ports';
import { GetAppUseCase } from './get-app.use-case';

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
