import type { Membership, Project, ProjectMember, ProjectRole } from '@crucible/domain';

export interface MemberProject {
  project: Project;
  role: ProjectRole;
}

export abstract class MembershipRepository {
  /** The user's projects with their role, the one they joined first first (then by project id). */
  abstract listProjectsOf(userId: string): Promise<MemberProject[]>;
  /** The user's role in the project, null when they are not a member. */
  abstract findRole(projectId: string, userId: string): Promise<ProjectRole | null>;
  /** The project's members with their address and name, by join time (then user id). */
  abstract listMembers(projectId: string): Promise<ProjectMember[]>;
  /** Throws a `conflict` DomainError when the user is a member already. */
  abstract add(membership: Membership): Promise<void>;
  /** False when the user is not a member of the project. */
  abstract changeRole(projectId: string, userId: string, role: ProjectRole): Promise<boolean>;
  /** False when the user is not a member of the project. */
  abstract remove(projectId: string, userId: string): Promise<boolean>;
  abstract countOwners(projectId: string): Promise<number>;
  /** A project and its first member (its owner), written together. */
  abstract createProjectWithOwner(project: Project, owner: Membership): Promise<void>;
}
