import { Injectable } from '@nestjs/common';
import { type Actor, type App, DomainError } from '@crucible/domain';
import { AppRepository } from '../ports';

@Injectable()
export class GetAppUseCase {
  constructor(private readonly apps: AppRepository) {}

  async execute(actor: Actor, appId: string): Promise<App> {
    const app = await this.apps.findById(actor.projectId, appId);
    if (!app) throw DomainError.notFound('app', appId);
    return app;
  }
}
