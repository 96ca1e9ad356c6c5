import type { Environment, EnvironmentRevision } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';

export interface Deployment {
  variantId: string;
  variantName: string;
  variantRevisionId: string;
  variantRevision: number;
  commitMessage: string | null;
  modifiedById: string;
  modifiedBy: string;
}

export abstract class EnvironmentRepository {
  /** Oldest first (then name), one keyset page. */
  abstract list(projectId: string, appId: string, page: PageRequest): Promise<Page<Environment>>;
  abstract findByName(projectId: string, appId: string, name: string): Promise<Environment | null>;
  /** Appends the next environment revision and points the environment at it, atomically. */
  abstract appendRevision(projectId: string, environmentId: string, deployment: Deployment): Promise<EnvironmentRevision>;
  abstract history(projectId: string, environmentId: string): Promise<EnvironmentRevision[]>;
  abstract findRevisionById(projectId: string, environmentRevisionId: string): Promise<EnvironmentRevision | null>;
  abstract findById(projectId: string, environmentId: string): Promise<Environment | null>;
}
