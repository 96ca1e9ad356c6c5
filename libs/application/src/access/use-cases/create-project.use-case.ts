import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type Actor, type ApiKey, type ApiKeyRole, type Project, DomainError, roleAtLeast } from '@crucible/domain';
import { ProjectRepository } from '../ports';
import { issueApiKey } from '../api-key-secret';

export interface CreatedProject {
  project: Project;
  key: ApiKey;
  rawKey: string;
}

/** A project and its first key, written together. */
export async function createProjectWithKey(
  projects: ProjectRepository, input: { name: string; role: ApiKeyRole; rawKey?: string },
): Promise<CreatedProject> {
  const name = input.name.trim();
  if (!name) throw new DomainError('rule_violation', 'project name must not be blank');
  const project: Project = { id: randomUUID(), name, createdAt: new Date() };
  const { key, rawKey } = issueApiKey(project.id, 'default', input.role, input.rawKey);
  await projects.createWithKey(project, key);
  return { project, key, rawKey };
}

/** Only admin keys create projects; the new project's first key is an editor key of that project. */
@Injectable()
export class CreateProjectUseCase {
  constructor(private readonly projects: ProjectRepository) {}

  async execute(actor: Actor, input: { name: string }): Promise<CreatedProject> {
    if (!roleAtLeast(actor.role, 'admin')) {
      throw new DomainError('forbidden', `only admin API keys may create projects; "${actor.name}" has the role ${actor.role}`);
    }
    return createProjectWithKey(this.projects, { name: input.name, role: 'editor' });
  }
}
