import { Injectable } from '@nestjs/common';
import type { Actor, VariantView } from '@crucible/domain';
import { VariantRepository } from '../ports';
import { GetAppUseCase } from './get-app.use-case';
import type { Page, PageRequest } from '../../shared/page';

@Injectable()
export class ListVariantsUseCase {
  constructor(
    private readonly variants: VariantRepository,
    private readonly getApp: GetAppUseCase,
  ) {}

  async execute(actor: Actor, appId: string, page: PageRequest): Promise<Page<VariantView>> {
    await this.getApp.execute(actor, appId);
    return this.variants.listViews(actor.projectId, appId, page);
  }
}
