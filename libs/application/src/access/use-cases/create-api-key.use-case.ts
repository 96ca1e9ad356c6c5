import { Injectable } from '@nestjs/common';
import type { Actor } from '@crucible/domain';
import { ApiKeyRepository } from '../ports';
import { type IssuedApiKey, issueApiKey } from '../api-key-secret';
import { assertOwnProject } from '../project-ownership';

@Injectable()
export class CreateApiKeyUseCase {
  constructor(private readonly apiKeys: ApiKeyRepository) {}

  async execute(actor: Actor, input: { projectId: string; name?: string }): Promise<IssuedApiKey> {
    assertOwnProject(actor, input.projectId);
    const issued = issueApiKey(input.projectId, input.name?.trim() || 'api-key', 'member');
    await this.apiKeys.create(issued.key);
    return issued;
  }
}
