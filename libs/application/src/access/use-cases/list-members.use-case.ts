import { Injectable } from '@nestjs/common';
import type { Actor, ProjectMember } from '@crucible/domain';
import { MemberRoster } from '../ports';
import type { Page, PageRequest } from '../../shared/page';
import { assertOwnProject } from '../project-ownership';

@Injectable()
export class ListMembersUseCase {
  constructor(private readonly roster: MemberRoster) {}

  execute(actor: Actor, projectId: string, page: PageRequest): Promise<Page<ProjectMember>> {
    assertOwnProject(actor, projectId);
    return this.roster.list(projectId, page);
  }
}
