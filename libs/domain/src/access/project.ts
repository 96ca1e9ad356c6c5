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
  /** The name of whoever minted it ("bootstrap" for the key start-up made); null for keys older than the record. */
  createdBy: string | null;
  /** When it last opened a request, to the minute (written at most once a minute). */
  lastUsedAt: Date | null;
}

/** How stale a key's `lastUsedAt` may be: a busy key writes it at most this often. */
export const KEY_USE_RECORDED_EVERY_MS = 60_000;

/** Who minted the key start-up creates or adds from CRUCIBLE_BOOTSTRAP_API_KEY. */
export const BOOTSTRAP_CREATOR = 'bootstrap';

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
