import type { ApiKey, Project } from '@crucible/domain';

export abstract class ProjectRepository {
  /** Creates the project and its first key in one transaction. */
  abstract createWithKey(project: Project, key: ApiKey): Promise<void>;
  abstract findById(projectId: string): Promise<Project | null>;
  abstract count(): Promise<number>;
}

export abstract class ApiKeyRepository {
  abstract findByHash(keyHash: string): Promise<ApiKey | null>;
  abstract create(key: ApiKey): Promise<void>;
  abstract list(projectId: string): Promise<ApiKey[]>;
  /** Returns false when the project has no such key. */
  abstract delete(projectId: string, keyId: string): Promise<boolean>;
}
