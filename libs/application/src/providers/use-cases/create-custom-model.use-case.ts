import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type Actor, DomainError } from '@crucible/domain';
import { type ListedModel, listedCustomModel } from '../listed-model';
import { CustomModelRepository, ProviderConnectionDirectory } from '../ports';
import { checkCustomModelFields, pricesOf } from '../checked-custom-model';
import { ProviderReadCache } from '../provider-read-cache';

export interface CreateCustomModelInput {
  providerConnectionId: string;
  name: string;
  inputPricePerMtok: number;
  outputPricePerMtok: number;
  cachedInputPricePerMtok?: number | null;
  matchPattern?: string | null;
}

/** `POST /models`: a fine-tune, a local model or a price override, served by one of the project's connections. */
@Injectable()
export class CreateCustomModelUseCase {
  constructor(
    private readonly customModels: CustomModelRepository,
    private readonly connections: ProviderConnectionDirectory,
    private readonly cache: ProviderReadCache,
  ) {}

  async execute(actor: Actor, input: CreateCustomModelInput): Promise<ListedModel> {
    checkCustomModelFields(input);
    const connection = await this.connections.connectionById(actor.projectId, input.providerConnectionId);
    if (!connection) {
      throw DomainError.invalidInput([{
        field: ['provider_connection_id'], reason: `the project has no provider connection ${input.providerConnectionId}`, rule: 'invalid_value',
      }]);
    }
    const now = new Date();
    const model = await this.customModels.create({
      id: randomUUID(), projectId: actor.projectId, providerConnectionId: connection.id, name: input.name.trim(), prices: pricesOf(input),
      matchPattern: input.matchPattern || null, createdAt: now, updatedAt: now,
    });
    await this.cache.dropProject(actor.projectId);
    return listedCustomModel(model, connection);
  }
}
