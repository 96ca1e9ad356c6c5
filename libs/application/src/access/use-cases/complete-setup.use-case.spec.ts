import { randomUUID } from 'node:crypto';
import type { Project } from '@crucible/domain';
import {
  InMemoryAuditTrail, InMemoryMembershipRepository, InMemorySessionStore, InMemorySetupTokenRepository, InMemoryUnitOfWork, InMemoryUserRepository,
  RecordingPasswordHasher,
  InMemoryProjectRepository,
} from '../../testing';
import { CompleteSetupUseCase } from './complete-setup.use-case';
import { IssueSetupLinkUseCase } from './issue-setup-link.use-case';

describe('first-run setup', () => {
  const project: Project = { id: randomUUID(), name: 'default', createdAt: new Date() };
  let users: InMemoryUserRepository;
  let memberships: InMemoryMembershipRepository;
  let issue: IssueSetupLinkUseCase;
  let setup: CompleteSetupUseCase;
  let trail: InMemoryAuditTrail;
  const person = { email: ' Owner@Example.com ', name: ' Olga ', password: 'a good long password' };

  beforeEach(() => {
    users = new InMemoryUserRepository();
    memberships = new InMemoryMembershipRepository();
    trail = new InMemoryAuditTrail();
    const tokens = new InMemorySetupTokenRepository(users, memberships);
    issue = new IssueSetupLinkUseCase(users, tokens);
    setup = new CompleteSetupUseCase(tokens, new InMemoryProjectRepository(project ? [project] : []), new InMemorySessionStore(), new RecordingPasswordHasher(), trail, new InMemoryUnitOfWork());
  });

  it('makes the first account owner of the default project and signs it in; the link is dead after', async () => {
    const token = await issue.execute();
    expect(token).toEqual(expect.any(String));
    const done = await setup.execute({ ...person, token: token!, ip: '127.0.0.1' });
    expect(done.user).toMatchObject({ email: 'owner@example.com', name: 'Olga' });
    expect(trail.events).toEqual([expect.objectContaining({
      projectId: project.id, actor: { type: 'user', id: done.user.id, name: 'Olga' }, action: 'member.join', resourceType: 'member',
      resourceId: done.user.id, ip: '127.0.0.1',
    })]);
    expect(done.rawToken).toEqual(expect.any(String));
    expect(await memberships.findRole(project.id, done.user.id)).toBe('owner');
    await expect(setup.execute({ ...person, email: 'again@example.com', token: token! })).rejects.toMatchObject({ code: 'gone' });
    expect(await issue.execute()).toBeNull();
  });

  it('refuses an unknown link with 404, and any other link once an account exists with 410', async () => {
    const [first, second] = [await issue.execute(), await issue.execute()];
    await expect(setup.execute({ ...person, token: 'made-up' })).rejects.toMatchObject({ code: 'not_found' });
    await setup.execute({ ...person, token: first! });
    await expect(setup.execute({ ...person, email: 'late@example.com', token: second! })).rejects.toMatchObject({ code: 'gone' });
    expect(users.users).toHaveLength(1);
    expect(trail.events).toHaveLength(1);
  });

  it('refuses a short password or a blank name, and keeps the link usable', async () => {
    const token = (await issue.execute())!;
    await expect(setup.execute({ ...person, password: 'nine char', token })).rejects.toMatchObject({ code: 'rule_violation', message: expect.stringMatching(/at least 10/) });
    await expect(setup.execute({ ...person, name: '  ', token })).rejects.toMatchObject({ code: 'rule_violation' });
    expect(trail.events).toEqual([]);
    expect((await setup.execute({ ...person, token })).user.email).toBe('owner@example.com');
  });
});
