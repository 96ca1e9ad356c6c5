import { Injectable } from '@nestjs/common';
import { type Actor, type ApiKey, DomainError } from '@crucible/domain';
import { ApiKeyRepository } from '../ports';
import { type IssuedApiKey, issueApiKey } from '../api-key-secret';

/** Keys of another project answer 404, exactly like missing ones. */
function assertOwnProject(actor: Actor, projectId: string): void {
  if (actor.projectId !== projectId) throw DomainError.notFound('project', projectId);
}

@Injectable()
export class CreateApiKeyUseCase {
  constructor(private readonly apiKeys: ApiKeyRepository) {}

  async execute(actor: Actor, input: { projectId: string; name?: string }): Promise<IssuedApiKey> {
    assertOwnProject(actor, input.projectId);
    const issued = issueApiKey(input.projectId, input.name?.trim() || 'api-key');
    await this.apiKeys.create(issued.key);
    return issued;
  }
}

@Injectable()
export class ListApiKeysUseCase {
  constructor(private readonly apiKeys: ApiKeyRepository) {}

  execute(actor: Actor, projectId: string): Promise<ApiKey[]> {
    assertOwnProject(actor, projectId);
    return this.apiKeys.list(projectId);
  }
}

@Injectable()
export class DeleteApiKeyUseCase {
  constructor(private readonly apiKeys: ApiKeyRepository) {}

  async execute(actor: Actor, input: { projectId: string; keyId: string }): Promise<void> {
    assertOwnProject(actor, input.projectId);
    if (input.keyId === actor.apiKeyId && (await this.apiKeys.list(input.projectId)).length === 1) {
      throw new DomainError('rule_violation', 'cannot delete the last API key of a project');
    }
    if (!(await this.apiKeys.delete(input.projectId, input.keyId))) throw DomainError.notFound('API key', input.keyId);
  }
}
