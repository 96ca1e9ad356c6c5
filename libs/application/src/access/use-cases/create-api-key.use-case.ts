import { Injectable } from '@nestjs/common';
import { type Actor, type ApiKeyRole, DomainError, roleAtLeast } from '@crucible/domain';
import { ApiKeyRepository } from '../ports';
import { type IssuedApiKey, issueApiKey } from '../api-key-secret';
import { assertOwnProject } from '../project-ownership';

/**
 * Mints a key of the caller's project, an editor key unless another role is asked. Who may mint at all is the
 * permission table's to say; a key never gets a role above its creator's, or a key would raise its own holder.
 */
@Injectable()
export class CreateApiKeyUseCase {
  constructor(private readonly apiKeys: ApiKeyRepository) {}

  async execute(actor: Actor, input: { projectId: string; name?: string; role?: ApiKeyRole }): Promise<IssuedApiKey> {
    assertOwnProject(actor, input.projectId);
    const role = input.role ?? 'editor';
    if (!roleAtLeast(actor.role, role)) {
      throw new DomainError('forbidden', `minting a key with the role ${role} needs the ${role} role; "${actor.name}" has the role ${actor.role}`);
    }
    const issued = issueApiKey(input.projectId, input.name?.trim() || 'api-key', role, { createdBy: actor.name });
    await this.apiKeys.create(issued.key);
    return issued;
  }
}
