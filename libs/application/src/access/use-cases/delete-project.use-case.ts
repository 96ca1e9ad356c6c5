import { Injectable } from '@nestjs/common';
import { type Actor, DomainError } from '@crucible/domain';
import { ProjectRepository } from '../ports';
import { UnitOfWork } from '../../shared/unit-of-work';
import { assertOwnProject } from '../project-ownership';

/**
 * An owner deletes the project they act in (apps/api's permission table keeps it to owners): everything of it goes in
 * one transaction, its audit events stay. The default project (where the bootstrap key is added at start, the first-run
 * setup and single sign-on's auto-join land) goes only as the last project: while others exist, the next start would
 * otherwise hand CRUCIBLE_BOOTSTRAP_API_KEY, and new SSO users, to whichever project is oldest (409). Alone, it is
 * made afresh at the next start, as on an empty database, so the bootstrap key keeps working. The check and the delete
 * are one step: a project created, or another deleted, between them would make the check's answer stale (the default
 * deleted while a project created meanwhile remains).
 */
@Injectable()
export class DeleteProjectUseCase {
  constructor(private readonly projects: ProjectRepository, private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, projectId: string): Promise<void> {
    assertOwnProject(actor, projectId);
    await this.unitOfWork.run(async () => {
      await this.projects.holdCreationsAndDeletions();
      const fallback = await this.projects.findDefault();
      if (fallback?.id === projectId && (await this.projects.count()) > 1) {
        throw new DomainError('conflict', `project "${fallback.name}" is the default project: the bootstrap API key `
          + '(CRUCIBLE_BOOTSTRAP_API_KEY), the first-run setup and single sign-on\'s auto-join use it, so it may be deleted only '
          + 'once it is the last project');
      }
      if (!(await this.projects.delete(projectId))) throw DomainError.notFound('project', projectId);
    });
  }
}
