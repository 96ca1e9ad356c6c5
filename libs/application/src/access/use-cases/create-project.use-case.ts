import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type ApiKey, type Project, DomainError } from '@crucible/domain';
import { ProjectRepository } from '../ports';
import { issueApiKey } from '../api-key-secret';

export interface CreatedProject {
  project: Project;
  key: ApiKey;
  rawKey: string;
}

@Injectable()
export class CreateProjectUseCase {
  constructor(private readonly projects: ProjectRepository) {}

  async execute(input: { name: string; rawKey?: string }): Promise<CreatedProject> {
    const name = input.name.trim();
    if (!name) throw new DomainError('rule_violation', 'project name must not be blank');
    const project: Project = { id: randomUUID(), name, createdAt: new Date() };
    const { key, rawKey } = issueApiKey(project.id, 'default', input.rawKey);
    await this.projects.createWithKey(project, key);
    return { project, key, rawKey };
  }
}
