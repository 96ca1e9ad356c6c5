import { Injectable } from '@nestjs/common';
import { type Actor, DomainError } from '@crucible/domain';
import { ProviderConnectionRepository } from '../ports/provider-connection-repository.port';
import { EvaluatorConfigRepository } from '../../evaluators/ports';
import { refuseReadOnly } from './get-provider-connection.use-case';
import { ProviderReadCache } from '../provider-read-cache';

@Injectable()
export class DeleteProviderConnectionUseCase {
  constructor(
    private readonly connections: ProviderConnectionRepository,
    private readonly evaluatorConfigs: EvaluatorConfigRepository,
    private readonly cache: ProviderReadCache,
  ) {}

  async execute(actor: Actor, id: string): Promise<void> {
    refuseReadOnly(id);
    const connection = await this.connections.findById(actor.projectId, id);
    if (!connection) throw DomainError.notFound('provider connection', id);
    const users = await this.evaluatorConfigs.findUsingConnection(actor.projectId, id);
    if (users.length > 0) {
      const names = users.map((config) => `"${config.name}"`).join(', ');
      throw new DomainError('conflict', `provider connection "${connection.name}" is used by evaluator configs ${names}: change or delete them first`);
    }
    await this.connections.delete(actor.projectId, id);
    await this.cache.dropProject(actor.projectId);
  }
}
