import { Injectable } from '@nestjs/common';
import { type Actor, DomainError, type Project } from '@crucible/domain';
import { ProjectRepository } from '../ports';

/** The project the caller's API key belongs to (the console shows its name). */
@Injectable()
export class GetCurrentProjectUseCase {
  constructor(private readonly projects: ProjectRepository) {}

  async execute(actor: Actor): Promise<Project> {
    const project = await this.projects.findById(actor.projectId);
    if (!project) throw DomainError.notFound('project', actor.projectId);
    return project;
  }
}
