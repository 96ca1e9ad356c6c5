import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type Actor, type App, type Environment, DEFAULT_ENVIRONMENTS, assertValidName } from '@crucible/domain';
import { AppRepository } from '../ports';

/** An app comes with its three environments, empty until something is deployed. */
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
