import { Injectable } from '@nestjs/common';
import { type Actor, DomainError } from '@crucible/domain';
import { type ListedModel, listedCustomModel } from '../listed-model';
import { type CustomModelChanges, CustomModelRepository, ModelCatalog, ProviderConnectionDirectory } from '../ports';
import { type CustomModelFields, checkCustomModelFields } from '../checked-custom-model';
import { findCustomModel } from './find-custom-model';
import { ProviderReadCache } from '../provider-read-cache';

/** `PATCH /models/{id}`: what is sent changes; a null `cached_input_price_per_mtok` or `match_pattern` clears it. */
@Injectable()
export class UpdateCustomModelUseCase {
  constructor(
    readonly customModels: CustomModelRepository,
    readonly connections: ProviderConnectionDirectory,
    readonly catalog: ModelCatalog,
    private readonly cache: ProviderReadCache,
  ) {}

  async execute(actor: Actor, id: string, fields: CustomModelFields): Promise<ListedModel> {
    checkCustomModelFields(fields);
    const model = await findCustomModel(this, actor.projectId, id);
    const changes: CustomModelChanges = {};
    if (fields.name !== undefined) changes.name = fields.name.trim();
    if (fields.matchPattern !== undefined) changes.matchPattern = fields.matchPattern || null;
    if (fields.inputPricePerMtok !== undefined || fields.outputPricePerMtok !== undefined || fields.cachedInputPricePerMtok !== undefined) {
      changes.prices = {
        input: fields.inputPricePerMtok ?? model.prices.input,
        output: fields.outputPricePerMtok ?? model.prices.output,
        cachedInput: fields.cachedInputPricePerMtok === undefined ? model.prices.cachedInput : fields.cachedInputPricePerMtok,
      };
    }
    const updated = await this.customModels.update(actor.projectId, model.id, changes, new Date());
    await this.cache.dropProject(actor.projectId);
    const connection = updated && await this.connections.connectionById(actor.projectId, updated.providerConnectionId);
    if (!updated || !connection) throw DomainError.notFound('custom model', id);
    return listedCustomModel(updated, connection);
  }
}
