import type { Membership, Project, ProjectRole } from '@crucible/domain';

export interface MemberProject {
  project: Project;
  role: ProjectRole;
}

export abstract class MembershipRepository {
  /** The user's projects with their role, the one they joined first first (then by project id). */
  abstract listProjectsOf(userId: string): Promise<MemberProject[]>;
  /** The user's role in the project, null when they are not a member. */
  abstract findRole(projectId: string, userId: string): Promise<ProjectRole | null>;
  /** Throws a `conflict` DomainError when the user is a member already. */
  abstract add(membership: Membership): Promise<void>;
  /** A project and its first member (its owner), written together. */
  abstract createProjectWithOwner(project: Project, owner: Membership): Promise<void>;
}
