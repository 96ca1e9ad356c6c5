import { DomainError } from '../shared/domain-error';

export interface Project {
  id: string;
  name: string;
  createdAt: Date;
}

/**
 * Roles per project, each allowing what the one below it does and more (ARCHITECTURE §17): `viewer` reads;
 * `annotator` also votes, scores and annotates; `editor` also changes apps, variants, test sets, evaluators and
 * evaluations and deploys outside production; `admin` also deploys to production and manages members, API keys and
 * provider connections; `owner` also deletes the project.
 */
export const PROJECT_ROLES = ['viewer', 'annotator', 'editor', 'admin', 'owner'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

export function roleAtLeast(role: ProjectRole, needed: ProjectRole): boolean {
  return PROJECT_ROLES.indexOf(role) >= PROJECT_ROLES.indexOf(needed);
}

/** A key acts for a script, never owns a project: the bootstrap key is an admin, keys are editors unless asked. */
export type ApiKeyRole = Exclude<ProjectRole, 'owner'>;

export interface ApiKey {
  id: string;
  projectId: string;
  name: string;
  /** A public identifier drawn at creation, shown in listings so people can tell keys apart; no part of the secret. */
  prefix: string;
  keyHash: string;
  role: ApiKeyRole;
  createdAt: Date;
  /** Set when revoked: the hash is kept so a revoked bootstrap key is recognised and never added back. */
  revokedAt: Date | null;
}

/** Who makes a change, a signed-in person or an API key, with their role in the project the request acts on. */
export interface Actor {
  projectId: string;
  type: 'user' | 'api_key';
  /** The user's or the key's id. */
  id: string;
  /** What `modified_by` and the audit log show: the person's name, or the key's. */
  name: string;
  role: ProjectRole;
}

/** Keys open a project: whoever may mint, list or revoke them holds the project, so only admins may. */
export function assertMayManageApiKeys(actor: Actor): void {
  if (!roleAtLeast(actor.role, 'admin')) {
    throw new DomainError('forbidden', `only admin API keys may create, list or revoke API keys; "${actor.name}" has the role ${actor.role}`);
  }
}
