import type { CrucibleSchemas } from '@crucible/client';

export type ProjectRole = CrucibleSchemas['ProjectWithRoleDto_Output']['role'];

/** Least to most: each role may do what the ones before it may (ARCHITECTURE §17). */
export const PROJECT_ROLES: readonly ProjectRole[] = ['viewer', 'annotator', 'editor', 'admin', 'owner'];

export const roleAtLeast = (role: ProjectRole, needed: ProjectRole): boolean =>
  PROJECT_ROLES.indexOf(role) >= PROJECT_ROLES.indexOf(needed);

/**
 * What the console hides from a role that may not do it, mirroring the api's permission table (the api's 403 stays
 * the rule; this only spares a person buttons that would be refused).
 */
export const CONSOLE_NEEDS = {
  manageMembers: 'admin',
  manageApiKeys: 'admin',
  readAuditLog: 'admin',
  deleteProject: 'owner',
} as const satisfies Record<string, ProjectRole>;

/** What each role adds, in words for the role pickers. */
export const ROLE_WORDS: Record<ProjectRole, string> = {
  viewer: 'reads everything',
  annotator: 'also votes, scores and annotates',
  editor: 'also changes apps, test sets and evaluations; deploys to development and staging',
  admin: 'also deploys to production; manages members, API keys and providers',
  owner: 'also deletes the project and makes owners',
};
