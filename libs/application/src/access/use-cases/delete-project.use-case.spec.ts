import { randomUUID } from 'node:crypto';
import type { Actor, Project } from '@crucible/domain';
import { ProjectRepository } from '../ports';
import { DeleteProjectUseCase } from './delete-project.use-case';
import { InMemoryUnitOfWork } from '../../testing';

/** Projects in creation order; the default is the one named "default", else the oldest (as the adapter answers). */
class Projects extends ProjectRepository {
  readonly all: Project[] = [];

  add(name: string): Project {
    const project = { id: randomUUID(), name, createdAt: new Date(Date.now() + this.all.length) };
    this.all.push(project);
    return project;
  }

  async createWithKey(): Promise<void> {
    throw new Error('not used');
  }

  async findById(projectId: string): Promise<Project | null> {
    return this.all.find((project) => project.id === projectId) ?? null;
  }

  async count(): Promise<number> {
    return this.all.length;
  }

  async findDefault(): Promise<Project | null> {
    return this.all.find((project) => project.name === 'default') ?? this.all[0] ?? null;
  }

  async delete(projectId: string): Promise<boolean> {
    const at = this.all.findIndex((project) => project.id === projectId);
    if (at === -1) return false;
    this.all.splice(at, 1);
    return true;
  }

  async holdCreationsAndDeletions(): Promise<void> {
    // One test, one caller at a time: nothing to hold off.
  }
}

const ownerOf = (project: Project): Actor => ({ projectId: project.id, type: 'user', id: randomUUID(), name: 'Ada', role: 'owner' });

describe('DeleteProjectUseCase', () => {
  it('deletes a project its owner acts in', async () => {
    const projects = new Projects();
    projects.add('default');
    const team = projects.add('team');
    await new DeleteProjectUseCase(projects, new InMemoryUnitOfWork()).execute(ownerOf(team), team.id);
    expect(projects.all.map((project) => project.name)).toEqual(['default']);
  });

  it('answers 404 for another project than the one acted in, and for one already gone', async () => {
    const projects = new Projects();
    projects.add('default');
    const [team, other] = [projects.add('team'), projects.add('other')];
    const deleting = new DeleteProjectUseCase(projects, new InMemoryUnitOfWork());
    await expect(deleting.execute(ownerOf(team), other.id)).rejects.toMatchObject({ code: 'not_found', message: `project ${other.id} not found` });
    await projects.delete(team.id);
    await expect(deleting.execute(ownerOf(team), team.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('keeps the default project while others exist, saying why; deletes it once it is the last', async () => {
    const projects = new Projects();
    const defaultProject = projects.add('default');
    const team = projects.add('team');
    const deleting = new DeleteProjectUseCase(projects, new InMemoryUnitOfWork());
    await expect(deleting.execute(ownerOf(defaultProject), defaultProject.id)).rejects.toMatchObject({
      code: 'conflict', message: expect.stringContaining('CRUCIBLE_BOOTSTRAP_API_KEY'),
    });
    await deleting.execute(ownerOf(team), team.id);
    await deleting.execute(ownerOf(defaultProject), defaultProject.id);
    expect(projects.all).toEqual([]);
  });
});
