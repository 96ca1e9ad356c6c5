import { randomUUID } from 'node:crypto';
import type { Actor } from '@crucible/domain';
import { InMemoryAuditTrail } from '../../testing/in-memory-audit-trail';
import { type MembershipOfEmail, ProjectsOfEmail } from '../ports';
import { RecordFailedSignInUseCase } from './record-failed-sign-in.use-case';
import { RecordChangeUseCase } from './record-change.use-case';
import { ListAuditEventsUseCase } from './list-audit-events.use-case';

class ProjectsOfEmailDouble extends ProjectsOfEmail {
  constructor(private readonly accounts: Record<string, MembershipOfEmail[]>) {
    super();
  }

  async find(email: string): Promise<MembershipOfEmail[]> {
    return this.accounts[email] ?? [];
  }
}

describe('failed sign-ins in the audit log', () => {
  const [teamA, teamB, teamC] = [randomUUID(), randomUUID(), randomUUID()];
  const ada = randomUUID();
  const memberships = { 'ada@example.com': [ada].flatMap((userId) => [teamA, teamB].map((projectId) => ({ projectId, userId, userName: 'Ada' }))) };

  it('writes one event in every project of the account the attempt named, and nothing elsewhere', async () => {
    const trail = new InMemoryAuditTrail();
    const written = await new RecordFailedSignInUseCase(trail, new ProjectsOfEmailDouble(memberships)).execute({ email: 'ada@example.com', ip: '203.0.113.7' });
    expect(written).toBe(2);
    expect(trail.events.map((e) => e.projectId).sort()).toEqual([teamA, teamB].sort());
    expect(trail.events[0]).toMatchObject({
      actor: { type: 'user', id: ada, name: 'Ada' }, action: 'auth.sign_in_failed', resourceType: 'user', resourceId: ada,
      summary: 'failed sign-in as "ada@example.com" from 203.0.113.7', ip: '203.0.113.7',
    });
    const reader: Actor = { projectId: teamC, type: 'user', id: randomUUID(), name: 'Cy', role: 'admin' };
    expect((await new ListAuditEventsUseCase(trail).execute(reader, {}, { limit: null, cursor: null })).items).toEqual([]);
  });

  it('leaves no trace for an email no account has', async () => {
    const trail = new InMemoryAuditTrail();
    expect(await new RecordFailedSignInUseCase(trail, new ProjectsOfEmailDouble(memberships)).execute({ email: 'eve@example.com', ip: null })).toBe(0);
    expect(trail.events).toEqual([]);
  });
});

describe('a change in the audit log', () => {
  it('is signed with the actor\'s type, id and name, in the actor\'s project, and listed newest first', async () => {
    const trail = new InMemoryAuditTrail();
    const actor: Actor = { projectId: randomUUID(), type: 'api_key', id: randomUUID(), name: 'ci', role: 'editor' };
    const record = new RecordChangeUseCase(trail);
    const first = await record.execute(actor, { action: 'app.create', resourceType: 'app', resourceId: 'a', summary: 'created app "a"' }, '127.0.0.1');
    const second = await record.execute({ ...actor, type: 'user', name: 'Ada' }, { action: 'app.delete', resourceType: 'app', resourceId: 'a', summary: 'deleted app a' }, null);
    expect(first).toMatchObject({ projectId: actor.projectId, actor: { type: 'api_key', id: actor.id, name: 'ci' }, ip: '127.0.0.1' });
    expect(Object.keys(first.actor).sort()).toEqual(['id', 'name', 'type']);
    const listed = await new ListAuditEventsUseCase(trail).execute(actor, { resourceId: 'a' }, { limit: null, cursor: null });
    expect(listed.items.map((e) => e.id).sort()).toEqual([first.id, second.id].sort());
    expect(listed.items[0]!.at.getTime()).toBeGreaterThanOrEqual(listed.items[1]!.at.getTime());
    expect(listed.items.find((e) => e.id === second.id)?.actor).toEqual({ type: 'user', id: actor.id, name: 'Ada' });
  });
});
