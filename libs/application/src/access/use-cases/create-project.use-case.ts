import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type Actor, type ApiKey, type ApiKeyRole, type Project, DomainError } from '@crucible/domain';
import { ProjectRepository } from '../ports';
import { issueApiKey } from '../api-key-secret';

export interface CreatedProject {
  project: Project;
  key: ApiKey;
  rawKey: string;
}

/** A project and its first key, written together. */
export async function createProjectWithKey(
  projects: ProjectRepository, input: { name: string; role: ApiKeyRole; rawKey?: string; createdBy: string },
): Promise<CreatedProject> {
  const name = input.name.trim();
  if (!name) throw new DomainError('rule_violation', 'project name must not be blank');
  const project: Project = { id: randomUUID(), name, createdAt: new Date() };
  const { key, rawKey } = issueApiKey(project.id, 'default', input.role, { rawKey: input.rawKey, createdBy: input.createdBy });
  await projects.createWithKey(project, key);
  return { project, key, rawKey };
}

/**
 * The new project's first key is an admin key of that project: nobody else holds it yet, and only an admin adds its
 * provider connections and mints its other keys (who may create projects: apps/api's permission table).
 */
@Injectable()
export class CreateProjectUseCase {
  constructor(private readonly projects: ProjectRepository) {}

  async execute(actor: Actor, input: { name: string }): Promise<CreatedProject> {
    return createProjectWithKey(this.projects, { name: input.name, role: 'admin', createdBy: actor.name });
  }
}
