import { Injectable } from '@nestjs/common';
import { type Actor, DomainError } from '@crucible/domain';
import { CustomModelRepository, ModelCatalog, ProviderConnectionDirectory } from '../ports';
import { findCustomModel } from './find-custom-model';
import { ProviderReadCache } from '../provider-read-cache';

/** `DELETE /models/{id}`: the model's calls are priced by the catalog again, if it knows them. */
@Injectable()
export class DeleteCustomModelUseCase {
  constructor(
    readonly customModels: CustomModelRepository,
    readonly connections: ProviderConnectionDirectory,
    readonly catalog: ModelCatalog,
    private readonly cache: ProviderReadCache,
  ) {}

  async execute(actor: Actor, id: string): Promise<void> {
    const model = await findCustomModel(this, actor.projectId, id);
    const deleted = await this.customModels.delete(actor.projectId, model.id);
    await this.cache.dropProject(actor.projectId);
    if (!deleted) throw DomainError.notFound('custom model', id);
  }
}
