import { type App, type Environment, DomainError } from '@crucible/domain';
import { AppRepository } from '../registry/ports';
import { type Page, type PageRequest, pageOfList } from '../shared/page';
import type { InMemoryEnvironmentRepository } from './in-memory-environment.repository';

export class InMemoryAppRepository extends AppRepository {
  readonly apps: App[] = [];

  constructor(private readonly environments: InMemoryEnvironmentRepository) {
    super();
  }

  async create(app: App, environments: Environment[]): Promise<void> {
    if (this.apps.some((a) => a.projectId === app.projectId && a.name === app.name)) {
      throw new DomainError('conflict', `app "${app.name}" already exists`);
    }
    this.apps.push(app);
    this.environments.environments.push(...environments);
  }

  async list(projectId: string, page: PageRequest): Promise<Page<App>> {
    return pageOfList(this.apps.filter((a) => a.projectId === projectId), page, (a) => a.id);
  }

  async findById(projectId: string, appId: string): Promise<App | null> {
    return this.apps.find((a) => a.projectId === projectId && a.id === appId) ?? null;
  }

  async findByName(projectId: string, name: string): Promise<App | null> {
    return this.apps.find((a) => a.projectId === projectId && a.name === name) ?? null;
  }

  async delete(projectId: string, appId: string): Promise<void> {
    const index = this.apps.findIndex((a) => a.projectId === projectId && a.id === appId);
    if (index >= 0) this.apps.splice(index, 1);
  }

  async rename(projectId: string, appId: string, name: string, updatedAt: Date): Promise<void> {
    if (this.apps.some((a) => a.projectId === projectId && a.name === name && a.id !== appId)) {
      throw new DomainError('conflict', `app "${name}" already exists`);
    }
    const app = this.apps.find((a) => a.projectId === projectId && a.id === appId);
    if (app) Object.assign(app, { name, updatedAt });
  }
}
