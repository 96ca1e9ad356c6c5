import { Injectable } from '@nestjs/common';
import type { Actor } from '@crucible/domain';
import { AppRepository } from '../ports';
import { GetAppUseCase } from './get-app.use-case';
import { DeployedConfigCache } from '../../prompts/gateway/deployed-config-cache';

@Injectable()
export class DeleteAppUseCase {
  constructor(
    private readonly apps: AppRepository,
    private readonly getApp: GetAppUseCase,
    private readonly deployedConfigs: DeployedConfigCache,
  ) {}

  async execute(actor: Actor, appId: string): Promise<void> {
    await this.getApp.execute(actor, appId);
    await this.apps.delete(actor.projectId, appId);
    await this.deployedConfigs.dropProject(actor.projectId);
  }
}
