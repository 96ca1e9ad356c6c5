import type { App, Environment } from '@crucible/domain';
import type { Page, PageRequest } from '../../shared/page';

export abstract class AppRepository {
  /** Creates the app with its environments; a taken name fails with a conflict. */
  abstract create(app: App, environments: Environment[]): Promise<void>;
  /** Oldest first (then id), one keyset page. */
  abstract list(projectId: string, page: PageRequest): Promise<Page<App>>;
  abstract findById(projectId: string, appId: string): Promise<App | null>;
  abstract findByName(projectId: string, name: string): Promise<App | null>;
  /** Deletes the app and everything under it. */
  abstract delete(projectId: string, appId: string): Promise<void>;
  /** A taken name fails with a conflict. */
  abstract rename(projectId: string, appId: string, name: string, updatedAt: Date): Promise<void>;
}
