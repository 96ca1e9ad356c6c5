import type { ApiKey, Project } from '@crucible/domain';

export abstract class ProjectRepository {
  /** Creates the project and its first key in one transaction. */
  abstract createWithKey(project: Project, key: ApiKey): Promise<void>;
  abstract findById(projectId: string): Promise<Project | null>;
  abstract count(): Promise<number>;
  /** The project named "default" (the oldest if several), else the oldest project; null on an empty database. */
  abstract findDefault(): Promise<Project | null>;
  /**
   * Removes the project and everything of it (apps, runs, traces, keys, memberships, invitations…) in one
   * transaction; its audit events stay. False when there was no such project.
   */
  abstract delete(projectId: string): Promise<boolean>;
  /**
   * Inside a unit of work, before reading which projects exist: until the unit ends, nobody else creates or deletes
   * a project (reads go on), so what the unit read of them is still true when its change commits.
   */
  abstract holdCreationsAndDeletions(): Promise<void>;
}
