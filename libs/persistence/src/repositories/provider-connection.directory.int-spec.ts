import { randomUUID } from 'node:crypto';
import { type TestDatabase, openTestDatabase } from '../testing/test-database-fixture';
import { SqlProviderConnectionDirectory } from './provider-connection.directory';

describe.each(['postgres', 'pglite'] as const)('provider connections as models see them, on %s', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(() => database?.close());

  it('has the environment fallback when OPENAI_API_KEY is set, and the project\'s own connections', async () => {
    const { actor, otherActor } = database;
    expect(await new SqlProviderConnectionDirectory(database.dataSource, false).kindsConnected(actor.projectId)).toEqual([]);
    const withFallback = new SqlProviderConnectionDirectory(database.dataSource, true);
    expect(await withFallback.kindsConnected(actor.projectId)).toEqual(['openai']);
    expect(await withFallback.connectionById(actor.projectId, 'environment')).toEqual({ id: 'environment', name: 'environment', kind: 'openai' });

    const id = randomUUID();
    await database.dataSource.query(
      "INSERT INTO provider_connections (id, project_id, name, kind, created_at, created_by) VALUES ($1, $2, $3, $4, now(), 'test')", [id, actor.projectId, 'claude', 'anthropic'],
    );
    const directory = new SqlProviderConnectionDirectory(database.dataSource, false);
    expect(await directory.kindsConnected(actor.projectId)).toEqual(['anthropic']);
    expect(await directory.connectionById(actor.projectId, id)).toEqual({ id, name: 'claude', kind: 'anthropic' });
    expect(await directory.connectionById(otherActor.projectId, id)).toBeNull();
    expect(await directory.kindsConnected(otherActor.projectId)).toEqual([]);
    expect(await directory.connectionById(actor.projectId, 'environment')).toBeNull();
    expect(await directory.connectionById(actor.projectId, 'not-an-id')).toBeNull();
  });
});
