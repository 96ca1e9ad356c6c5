import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  type Actor, type App, type Environment, DEFAULT_ENVIRONMENTS, DomainError, assertValidName,
} from '@crucible/domain';
import { AppRepository } from '../ports';

@Injectable()
export class CreateAppUseCase {
  constructor(private readonly apps: AppRepository) {}

  async execute(actor: Actor, input: { appName: string }): Promise<App> {
    assertValidName('app_name', input.appName);
    const now = new Date();
    const app: App = { id: randomUUID(), projectId: actor.projectId, name: input.appName, createdAt: now, updatedAt: now };
    const environments: Environment[] = DEFAULT_ENVIRONMENTS.map((name) => ({
      id: randomUUID(),
      projectId: actor.projectId,
      appId: app.id,
      name,
      deployedVariantId: null,
      deployedVariantName: null,
      deployedVariantRevisionId: null,
      revision: null,
      createdAt: now,
    }));
    await this.apps.create(app, environments);
    return app;
  }
}

@Injectable()
export class GetAppUseCase {
  constructor(private readonly apps: AppRepository) {}

  async execute(actor: Actor, appId: string): Promise<App> {
    const app = await this.apps.findById(actor.projectId, appId);
    if (!app) throw DomainError.notFound('app', appId);
    return app;
  }
}

@Injectable()
export class ListAppsUseCase {
  constructor(private readonly apps: AppRepository) {}

  execute(actor: Actor): Promise<App[]> {
    return this.apps.list(actor.projectId);
  }
}

@Injectable()
export class DeleteAppUseCase {
  constructor(
    private readonly apps: AppRepository,
    private readonly getApp: GetAppUseCase,
  ) {}

  async execute(actor: Actor, appId: string): Promise<void> {
    await this.getApp.execute(actor, appId);
    await this.apps.delete(actor.projectId, appId);
  }
}
