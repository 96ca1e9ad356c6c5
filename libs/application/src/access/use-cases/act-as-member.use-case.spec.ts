import { randomUUID } from 'node:crypto';
import type { User } from '@crucible/domain';
import { InMemoryMembershipRepository, InMemoryProjectRepository, InMemoryUserRepository } from '../../testing';
import { ActAsMemberUseCase } from './act-as-member.use-case';
import { CreateProjectUseCase } from './create-project.use-case';
import { ListProjectsUseCase } from './list-projects.use-case';

describe('a person acting in their projects', () => {
  const users = new InMemoryUserRepository();
  const memberships = new InMemoryMembershipRepository();
  const actAs = new ActAsMemberUseCase(memberships);
  const createProject = new CreateProjectUseCase(new InMemoryProjectRepository(), memberships);
  const user: User = { id: randomUUID(), email: 'ada@example.com', name: 'Ada', passwordHash: null, createdAt: new Date() };
  const caller = { type: 'user' as const, user, session: { id: randomUUID(), userId: user.id, tokenHash: 'h', csrfToken: 'c', createdAt: new Date(), lastSeenAt: new Date(), expiresAt: new Date() } };

  beforeAll(() => users.create(user));

  it('has no project to act in before joining or creating one', async () => {
    await expect(actAs.execute(user, undefined)).rejects.toMatchObject({ code: 'not_found', message: expect.stringMatching(/not a member of any project/) });
  });

  it('owns the projects they create, acts in the first by default and in a named one on request', async () => {
    jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    const first = await createProject.execute(caller, { name: ' first ' });
    jest.setSystemTime(new Date('2030-01-02T00:00:00Z'));
    const second = await createProject.execute(caller, { name: 'second' });
    jest.useRealTimers();
    expect(first).toMatchObject({ project: { name: 'first' }, role: 'owner' });
    expect(first.issued).toBeUndefined();
    expect(await actAs.execute(user, undefined)).toEqual({ projectId: first.project.id, type: 'user', id: user.id, name: 'Ada', role: 'owner' });
    memberships.memberships.find((m) => m.projectId === second.project.id && m.userId === user.id)!.role = 'viewer';
    expect(await actAs.execute(user, second.project.id)).toMatchObject({ projectId: second.project.id, role: 'viewer' });
    expect((await new ListProjectsUseCase(memberships, new InMemoryProjectRepository()).execute(caller)).map((p) => [p.project.name, p.role]))
      .toEqual([['first', 'owner'], ['second', 'viewer']]);
  });

  it('answers 404 for a project they are not a member of, or an id that is no id', async () => {
    await expect(actAs.execute(user, randomUUID())).rejects.toMatchObject({ code: 'not_found' });
    await expect(actAs.execute(user, 'not-a-uuid')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('gives a key that creates a project (an admin key: the permission table refuses others) the project\'s first key, an admin one', async () => {
    const key = { type: 'api_key' as const, actor: { projectId: randomUUID(), type: 'api_key' as const, id: randomUUID(), name: 'ci', role: 'admin' as const } };
    const created = await createProject.execute(key, { name: ' x ' });
    expect(created).toMatchObject({ project: { name: 'x' }, role: 'admin', issued: { key: { projectId: created.project.id, role: 'admin', createdBy: 'ci' } } });
    expect(memberships.memberships.some((m) => m.projectId === created.project.id)).toBe(false);
  });
});
