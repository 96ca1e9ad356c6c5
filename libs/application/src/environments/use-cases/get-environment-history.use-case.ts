import { Injectable } from '@nestjs/common';
import { type Actor, type EnvironmentHistory, DomainError } from '@crucible/domain';
import { EnvironmentRepository } from '../ports';
import { GetAppUseCase } from '../../registry/use-cases/get-app.use-case';

@Injectable()
export class GetEnvironmentHistoryUseCase {
  constructor(
    private readonly environments: EnvironmentRepository,
    private readonly getApp: GetAppUseCase,
  ) {}

  async execute(actor: Actor, input: { appId: string; environmentName: string }): Promise<EnvironmentHistory> {
    await this.getApp.execute(actor, input.appId);
    const environment = await this.environments.findByName(actor.projectId, input.appId, input.environmentName);
    if (!environment) {
      throw new DomainError('not_found', `environment "${input.environmentName}" not found in app ${input.appId}`);
    }
    return { environment, revisions: await this.environments.history(actor.projectId, environment.id) };
  }
}
