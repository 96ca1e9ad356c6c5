import { Injectable } from '@nestjs/common';
import { type Actor, DomainError } from '@crucible/domain';
import { ApiKeyRepository } from '../ports';
import { assertOwnProject } from '../project-ownership';
import { UnitOfWork } from '../../shared/unit-of-work';
import { AuthenticateUseCase } from './authenticate.use-case';

/** Revokes a key: it stops working at once, and its hash is kept so it can never come back (as a bootstrap key). */
@Injectable()
export class DeleteApiKeyUseCase {
  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly authenticate: AuthenticateUseCase,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(actor: Actor, input: { projectId: string; keyId: string }): Promise<void> {
    assertOwnProject(actor, input.projectId);
    if (input.keyId === actor.id && (await this.apiKeys.list(input.projectId, { limit: 2, cursor: null })).items.length === 1) {
      throw new DomainError('rule_violation', 'cannot delete the last API key of a project');
    }
    if (!(await this.apiKeys.revoke(input.projectId, input.keyId, new Date()))) throw DomainError.notFound('API key', input.keyId);
    // Again once the revocation is visible: until then another request may still read the key as it was.
    this.authenticate.forget(input.keyId);
    await this.unitOfWork.afterCommit(() => this.authenticate.forget(input.keyId));
  }
}
