import { Injectable } from '@nestjs/common';
import type { Actor, ApiKey } from '@crucible/domain';
import { ApiKeyRepository } from '../ports';
import { assertOwnProject } from '../project-ownership';

@Injectable()
export class ListApiKeysUseCase {
  constructor(private readonly apiKeys: ApiKeyRepository) {}

  execute(actor: Actor, projectId: string): Promise<ApiKey[]> {
    assertOwnProject(actor, projectId);
    return this.apiKeys.list(projectId);
  }
}
