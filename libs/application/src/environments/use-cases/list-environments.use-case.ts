import { Injectable } from '@nestjs/common';
import type { Actor, Environment } from '@crucible/domain';
import { EnvironmentRepository } from '../ports';
import { GetAppUseCase } from '../../registry/use-cases/get-app.use-case';
import type { Page, PageRequest } from '../../shared/page';

@Injectable()
export class ListEnvironmentsUseCase {
  constructor(
    private readonly environments: EnvironmentRepository,
    private readonly getApp: GetAppUseCase,
  ) {}

  async execute(actor: Actor, appId: string, page: PageRequest): Promise<Page<Environment>> {
    await this.getApp.execute(actor, appId);
    return this.environments.list(actor.projectId, appId, page);
  }
}
