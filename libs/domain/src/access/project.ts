import { DomainError } from '../shared/domain-error';

export interface Project {
  id: string;
  name: string;
  createdAt: Date;
}

/** `admin` keys may also create projects and manage keys; the bootstrap key is one. Every other key is a `member` of its project. */
export type ApiKeyRole = 'admin' | 'member';

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

/** Who makes a change: every write records the API key behind it. */
export interface Actor {
  projectId: string;
  apiKeyId: string;
  apiKeyName: string;
  role: ApiKeyRole;
}

/** Keys open a project: whoever may mint, list or revoke them holds the project, so only admins may. */
export function assertMayManageApiKeys(actor: Actor): void {
  if (actor.role !== 'admin') {
    throw new DomainError('forbidden', `only admin API keys may create, list or revoke API keys; key "${actor.apiKeyName}" is a member key`);
  }
}
