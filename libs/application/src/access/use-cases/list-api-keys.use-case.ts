import { Injectable } from '@nestjs/common';
import type { Actor, ApiKey } from '@crucible/domain';
import { ApiKeyRepository } from '../ports';
import type { Page, PageRequest } from '../../shared/page';
import { assertOwnProject } from '../project-ownership';

@Injectable()
export class ListApiKeysUseCase {
  constructor(private readonly apiKeys: ApiKeyRepository) {}

  execute(actor: Actor, projectId: string, page: PageRequest): Promise<Page<ApiKey>> {
    assertOwnProject(actor, projectId);
    return this.apiKeys.list(projectId, page);
  }
}
