import { Injectable } from '@nestjs/common';
import { type Actor, DomainError } from '@crucible/domain';
import { ApiKeyRepository } from '../ports';
import { hashApiKey } from '../api-key-secret';

@Injectable()
export class AuthenticateUseCase {
  constructor(private readonly apiKeys: ApiKeyRepository) {}

  async execute(rawKey: string | undefined): Promise<Actor> {
    if (!rawKey) throw new DomainError('unauthorized', 'missing API key: send "Authorization: ApiKey <key>"');
    const key = await this.apiKeys.findByHash(hashApiKey(rawKey));
    // A revoked key answers like an unknown one: nothing tells a caller which keys once existed.
    if (!key || key.revokedAt) throw new DomainError('unauthorized', 'invalid API key');
    return { projectId: key.projectId, apiKeyId: key.id, apiKeyName: key.name, role: key.role };
  }
}
