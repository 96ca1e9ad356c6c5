import { Injectable } from '@nestjs/common';
import type { ApiKey, Project } from '@crucible/domain';
import { ApiKeyRepository, ProjectRepository } from '../ports';
import { hashApiKey, issueApiKey } from '../api-key-secret';
import { type CreatedProject, createProjectWithKey } from './create-project.use-case';

export type BootstrapOutcome =
  | { kind: 'created'; created: CreatedProject }
  /** CRUCIBLE_BOOTSTRAP_API_KEY was new to an existing database: it now opens the default project. */
  | { kind: 'key_added'; project: Project; key: ApiKey }
  | { kind: 'unchanged' };

/**
 * Start-up: on an empty database, a default project with an admin key, so the service is usable at once. With data
 * already there, a bootstrap key that is not yet known is added to the default project as an admin key (the
 * README's walk-through sets the variable on every start, not only the first).
 */
@Injectable()
export class BootstrapDefaultProjectUseCase {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly apiKeys: ApiKeyRepository,
  ) {}

  async execute(input: { rawKey?: string }): Promise<BootstrapOutcome> {
    const defaultProject = await this.projects.findDefault();
    if (!defaultProject) {
      return { kind: 'created', created: await createProjectWithKey(this.projects, { name: 'default', role: 'admin', rawKey: input.rawKey }) };
    }
    if (!input.rawKey || (await this.apiKeys.findByHash(hashApiKey(input.rawKey)))) return { kind: 'unchanged' };
    const { key } = issueApiKey(defaultProject.id, 'bootstrap', 'admin', input.rawKey);
    await this.apiKeys.create(key);
    return { kind: 'key_added', project: defaultProject, key };
  }
}
