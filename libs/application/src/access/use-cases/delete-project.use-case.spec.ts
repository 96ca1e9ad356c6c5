import { randomUUID } from 'node:crypto';
import type { Actor, Project } from '@crucible/domain';
import { DeleteProjectUseCase } from './delete-project.use-case';
import { InMemoryProjectRepository, InMemoryUnitOfWork } from '../../testing';

const ownerOf = (project: Project): Actor => ({ projectId: project.id, type: 'user', id: randomUUID(), name: 'Ada', role: 'owner' });

describe('DeleteProjectUseCase', () => {
  it('deletes a project its owner acts in', async () => {
    const projects = new InMemoryProjectRepository();
    projects.add('default');
    const team = projects.add('team');
    await new DeleteProjectUseCase(projects, new InMemoryUnitOfWork()).execute(ownerOf(team), team.id);
    expect(projects.projects.map((project) => project.name)).toEqual(['default']);
  });

  it('answers 404 for another project than the one acted in, and for one already gone', async () => {
    const projects = new InMemoryProjectRepository();
    projects.add('default');
    const [team, other] = [projects.add('team'), projects.add('other')];
    const deleting = new DeleteProjectUseCase(projects, new InMemoryUnitOfWork());
    await expect(deleting.execute(ownerOf(team), other.id)).rejects.toMatchObject({ code: 'not_found', message: `project ${other.id} not found` });
    await projects.delete(team.id);
    await expect(deleting.execute(ownerOf(team), team.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('keeps the default project while others exist, saying why; deletes it once it is the last', async () => {
    const projects = new InMemoryProjectRepository();
    const defaultProject = projects.add('default');
    const team = projects.add('team');
    const deleting = new DeleteProjectUseCase(projects, new InMemoryUnitOfWork());
    await expect(deleting.execute(ownerOf(defaultProject), defaultProject.id)).rejects.toMatchObject({
      code: 'conflict', message: expect.stringContaining('CRUCIBLE_BOOTSTRAP_API_KEY'),
    });
    await deleting.execute(ownerOf(team), team.id);
    await deleting.execute(ownerOf(defaultProject), defaultProject.id);
    expect(projects.projects).toEqual([]);
  });
});
