import { Injectable } from '@nestjs/common';
import type { Actor, App } from '@crucible/domain';
import { AppRepository } from '../ports';
import type { Page, PageRequest } from '../../shared/page';

@Injectable()
export class ListAppsUseCase {
  constructor(private readonly apps: AppRepository) {}

  execute(actor: Actor, page: PageRequest): Promise<Page<App>> {
    return this.apps.list(actor.projectId, page);
  }
}
