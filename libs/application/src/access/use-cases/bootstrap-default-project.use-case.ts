import { Injectable } from '@nestjs/common';
import { type ApiKey, BOOTSTRAP_CREATOR, DomainError, type Project } from '@crucible/domain';
import { ApiKeyRepository, ProjectRepository } from '../ports';
import { MIN_BOOTSTRAP_KEY_LENGTH, hashApiKey, issueApiKey } from '../api-key-secret';
import { type CreatedProject, createProjectWithKey } from './create-project.use-case';

export type BootstrapOutcome =
  | { kind: 'created'; created: CreatedProject }
  /** CRUCIBLE_BOOTSTRAP_API_KEY was new to an existing database: it now opens the default project. */
  | { kind: 'key_added'; project: Project; key: ApiKey }
  /** CRUCIBLE_BOOTSTRAP_API_KEY was revoked: it stays revoked, whatever the environment says. */
  | { kind: 'revoked_key_ignored'; key: ApiKey }
  | { kind: 'unchanged' };

/**
 * Start-up: on an empty database, a default project with an admin key, so the service is usable at once. With data
 * already there, a bootstrap key that is not yet known is added to the default project as an admin key (the
 * README's walk-through sets the variable on every start, not only the first); one that was revoked is not.
 */
@Injectable()
export class BootstrapDefaultProjectUseCase {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly apiKeys: ApiKeyRepository,
  ) {}

  async execute(input: { rawKey?: string }): Promise<BootstrapOutcome> {
    if (input.rawKey !== undefined && input.rawKey.length < MIN_BOOTSTRAP_KEY_LENGTH) {
      throw new DomainError('rule_violation', `CRUCIBLE_BOOTSTRAP_API_KEY must be at least ${MIN_BOOTSTRAP_KEY_LENGTH} characters`);
    }
    const defaultProject = await this.projects.findDefault();
    if (!defaultProject) {
      return { kind: 'created', created: await createProjectWithKey(this.projects, { name: 'default', role: 'admin', rawKey: input.rawKey, createdBy: BOOTSTRAP_CREATOR }) };
    }
    if (!input.rawKey) return { kind: 'unchanged' };
    const known = await this.apiKeys.findByHash(hashApiKey(input.rawKey));
    if (known) return known.revokedAt ? { kind: 'revoked_key_ignored', key: known } : { kind: 'unchanged' };
    const { key } = issueApiKey(defaultProject.id, 'bootstrap', 'admin', { rawKey: input.rawKey, createdBy: BOOTSTRAP_CREATOR });
    await this.apiKeys.create(key);
    return { kind: 'key_added', project: defaultProject, key };
  }
}
