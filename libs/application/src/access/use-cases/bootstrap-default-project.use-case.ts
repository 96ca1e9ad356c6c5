import { Injectable } from '@nestjs/common';
import { ProjectRepository } from '../ports';
import { CreateProjectUseCase, type CreatedProject } from './create-project.use-case';

/** First start on an empty database: a default project and key, so the service is usable at once. */
@Injectable()
export class BootstrapDefaultProjectUseCase {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly createProject: CreateProjectUseCase,
  ) {}

  async execute(input: { rawKey?: string }): Promise<CreatedProject | null> {
    if ((await this.projects.count()) > 0) return null;
    return this.createProject.execute({ name: 'default', rawKey: input.rawKey });
  }
}
