import { Injectable } from '@nestjs/common';
import { type Actor, type ApiKeyRole, assertMayManageApiKeys } from '@crucible/domain';
import { ApiKeyRepository } from '../ports';
import { type IssuedApiKey, issueApiKey } from '../api-key-secret';
import { assertOwnProject } from '../project-ownership';

/** Admins mint keys of their project, editor keys unless they ask for another role. */
@Injectable()
export class CreateApiKeyUseCase {
  constructor(private readonly apiKeys: ApiKeyRepository) {}

  async execute(actor: Actor, input: { projectId: string; name?: string; role?: ApiKeyRole }): Promise<IssuedApiKey> {
    assertOwnProject(actor, input.projectId);
    assertMayManageApiKeys(actor);
    const issued = issueApiKey(input.projectId, input.name?.trim() || 'api-key', input.role ?? 'editor');
    await this.apiKeys.create(issued.key);
    return issued;
  }
}
