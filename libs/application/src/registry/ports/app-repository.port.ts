import type { App, Environment } from '@crucible/domain';

export abstract class AppRepository {
  /** Creates the app with its environments; a taken name fails with a conflict. */
  abstract create(app: App, environments: Environment[]): Promise<void>;
  abstract list(projectId: string): Promise<App[]>;
  abstract findById(projectId: string, appId: string): Promise<App | null>;
  /** Deletes the app and everything under it. */
  abstract delete(projectId: string, appId: string): Promise<void>;
  /** A taken name fails with a conflict. */
  abstract rename(projectId: string, appId: string, name: string, updatedAt: Date): Promise<void>;
}
