import { randomUUID } from 'node:crypto';
import type { ApiKey, Project } from '@crucible/domain';
import { ProjectRepository } from '../access/ports';

/** Projects in creation order; the default is the one named "default", else the oldest (as the adapter answers). */
export class InMemoryProjectRepository extends ProjectRepository {
  readonly projects: Project[];
  readonly keys: ApiKey[] = [];

  constructor(projects: readonly Project[] = []) {
    super();
    this.projects = [...projects];
  }

  add(name: string, id: string = randomUUID()): Project {
    const project = { id, name, createdAt: new Date(Date.now() + this.projects.length) };
    this.projects.push(project);
    return project;
  }

  async createWithKey(project: Project, key: ApiKey): Promise<void> {
    this.projects.push(project);
    this.keys.push(key);
  }

  async findById(projectId: string): Promise<Project | null> {
    return this.projects.find((project) => project.id === projectId) ?? null;
  }

  async count(): Promise<number> {
    return this.projects.length;
  }

  async findDefault(): Promise<Project | null> {
    return this.projects.find((project) => project.name === 'default') ?? this.projects[0] ?? null;
  }

  async delete(projectId: string): Promise<boolean> {
    const at = this.projects.findIndex((project) => project.id === projectId);
    if (at < 0) return false;
    this.projects.splice(at, 1);
    return true;
  }

  async holdCreationsAndDeletions(): Promise<void> {
    // One test, one caller at a time: nothing to hold off.
  }
}
