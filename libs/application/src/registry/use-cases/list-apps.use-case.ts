import { Injectable } from '@nestjs/common';
import type { Actor, App } from '@crucible/domain';
import { AppRepository } from '../ports';

@Injectable()
export class ListAppsUseCase {
  constructor(private readonly apps: AppRepository) {}

  execute(actor: Actor): Promise<App[]> {
    return this.apps.list(actor.projectId);
  }
}
