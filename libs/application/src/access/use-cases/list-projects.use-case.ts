import { Injectable } from '@nestjs/common';
import { type MemberProject, MembershipRepository, ProjectRepository } from '../ports';
import type { Caller } from '../caller';

/** A person's projects with their role in each; an API key's own project, with the key's role. */
@Injectable()
export class ListProjectsUseCase {
  constructor(
    private readonly memberships: MembershipRepository,
    private readonly projects: ProjectRepository,
  ) {}

  async execute(caller: Caller): Promise<MemberProject[]> {
    if (caller.type === 'user') return this.memberships.listProjectsOf(caller.user.id);
    const project = await this.projects.findById(caller.actor.projectId);
    return project ? [{ project, role: caller.actor.role }] : [];
  }
}
