import { randomUUID } from 'node:crypto';
import type { AuditEvent } from '@crucible/domain';
import { type TestDatabase, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmAuditTrail } from './audit-trail.repository';

const T0 = new Date('2026-11-28T10:00:00.000Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

describe.each(['pglite', 'postgres'] as const)('the audit trail on %s', (engine) => {
  let database: TestDatabase;
  let trail: TypeOrmAuditTrail;
  const events: AuditEvent[] = [];

  const event = (projectId: string, n: number, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
    id: randomUUID(), at: minutes(n), projectId, actor: { type: 'api_key', id: 'key-1', name: 'ci' },
    action: 'app.create', resourceType: 'app', resourceId: `app-${n}`, summary: `created app "a${n}"`, ip: '127.0.0.1', ...overrides,
  });

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    trail = new TypeOrmAuditTrail(database.dataSource);
    const { projectId } = database.actor;
    events.push(
      event(projectId, 0),
      event(projectId, 1, { action: 'app.delete', resourceId: 'app-0', actor: { type: 'user', id: 'user-1', name: 'Ada' }, ip: null }),
      event(projectId, 2, { action: 'environment.deploy', resourceType: 'environment', resourceId: 'env-1' }),
      // Two events in the same millisecond: the id orders them, so paging neither repeats nor skips one.
      event(projectId, 3), event(projectId, 3),
    );
    for (const each of events) await trail.record(each);
    await trail.record(event(database.otherActor.projectId, 4));
  }, 120_000);
  afterAll(() => database?.close());

  const newestFirst = () => [...events].sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1));

  it('lists a project\'s events newest first, as recorded, and never another project\'s', async () => {
    const page = await trail.list(database.actor.projectId, {}, { limit: null, cursor: null });
    expect(page.items).toEqual(newestFirst());
    expect(page.nextCursor).toBeNull();
  });

  it('pages by (at, id) descending without repeating or skipping an event', async () => {
    const seen: AuditEvent[] = [];
    let cursor: string | null = null;
    do {
      const page = await trail.list(database.actor.projectId, {}, { limit: 2, cursor });
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen.map((e) => e.id)).toEqual(newestFirst().map((e) => e.id));
  });

  it('filters by resource, actor, action and time', async () => {
    const { projectId } = database.actor;
    const all = { limit: null, cursor: null };
    const ids = async (filter: Parameters<TypeOrmAuditTrail['list']>[1]) => (await trail.list(projectId, filter, all)).items.map((e) => e.id);
    expect(await ids({ resourceType: 'environment', resourceId: 'env-1' })).toEqual([events[2]!.id]);
    expect(await ids({ resourceType: 'app', resourceId: 'app-0' })).toEqual([events[1]!.id, events[0]!.id]);
    expect(await ids({ actorId: 'user-1' })).toEqual([events[1]!.id]);
    expect(await ids({ action: 'app.delete' })).toEqual([events[1]!.id]);
    expect(await ids({ from: minutes(1), to: minutes(3) })).toEqual([events[2]!.id, events[1]!.id]);
    expect(await ids({ actorId: 'nobody' })).toEqual([]);
  });

  it('refuses to change or remove an event, whatever asks', async () => {
    const { id } = events[0]!;
    await expect(database.dataSource.query("UPDATE audit_events SET summary = 'rewritten' WHERE id = $1", [id])).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(database.dataSource.query('DELETE FROM audit_events WHERE id = $1', [id])).rejects.toThrow(/append-only: DELETE refused/);
    await expect(database.dataSource.query('TRUNCATE audit_events')).rejects.toThrow(/append-only: TRUNCATE refused/);
    const [row] = (await trail.list(database.actor.projectId, { resourceId: 'app-0', action: 'app.create' }, { limit: null, cursor: null })).items;
    expect(row).toEqual(events[0]);
  });
});
