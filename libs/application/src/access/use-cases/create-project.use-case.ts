import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type ApiKey, type ApiKeyRole, type Project, type ProjectRole, DomainError } from '@crucible/domain';
import { MembershipRepository, ProjectRepository } from '../ports';
import { issueApiKey } from '../api-key-secret';
import type { Caller } from '../caller';

export interface CreatedProject {
  project: Project;
  key: ApiKey;
  rawKey: string;
}

/** A project and its first key, written together. */
export async function createProjectWithKey(
  projects: ProjectRepository, input: { name: string; role: ApiKeyRole; rawKey?: string; createdBy: string },
): Promise<CreatedProject> {
  const project = newProject(input.name);
  const { key, rawKey } = issueApiKey(project.id, 'default', input.role, { rawKey: input.rawKey, createdBy: input.createdBy });
  await projects.createWithKey(project, key);
  return { project, key, rawKey };
}

function newProject(name: string): Project {
  const trimmed = name.trim();
  if (!trimmed) throw new DomainError('rule_violation', 'project name must not be blank');
  return { id: randomUUID(), name: trimmed, createdAt: new Date() };
}

export interface NewProject {
  project: Project;
  /** The creator's role in it: a person owns it; a key's answer is the role of the key it is given. */
  role: ProjectRole;
  /** For an API key: the new project's first key, shown once. */
  issued?: { key: ApiKey; rawKey: string };
}

/**
 * Anyone signed in creates projects, and owns those they create. An API key (only an admin key may: apps/api's
 * permission table) gets the new project's first key in the answer, an admin key: nobody else holds the project
 * yet, and only an admin adds its provider connections and mints its other keys.
 */
@Injectable()
export class CreateProjectUseCase {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly memberships: MembershipRepository,
  ) {}

  async execute(caller: Caller, input: { name: string }): Promise<NewProject> {
    if (caller.type === 'user') {
      const project = newProject(input.name);
      await this.memberships.createProjectWithOwner(project, { projectId: project.id, userId: caller.user.id, role: 'owner', joinedAt: project.createdAt });
      return { project, role: 'owner' };
    }
    const { project, key, rawKey } = await createProjectWithKey(this.projects, { name: input.name, role: 'admin', createdBy: caller.actor.name });
    return { project, role: key.role, issued: { key, rawKey } };
  }
}
