import { Injectable } from '@nestjs/common';
import { type Actor, type App, assertValidName } from '@crucible/domain';
import { AppRepository } from '../ports';
import { GetAppUseCase } from './get-app.use-case';

@Injectable()
export class RenameAppUseCase {
  constructor(
    private readonly apps: AppRepository,
    private readonly getApp: GetAppUseCase,
  ) {}

  async execute(actor: Actor, input: { appId: string; appName: string }): Promise<App> {
    const app = await this.getApp.execute(actor, input.appId);
    assertValidName('app_name', input.appName);
    if (app.name === input.appName) return app;
    const updatedAt = new Date();
    await this.apps.rename(actor.projectId, app.id, input.appName, updatedAt);
    return { ...app, name: input.appName, updatedAt };
  }
}
