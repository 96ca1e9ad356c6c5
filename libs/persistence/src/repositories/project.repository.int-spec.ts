import { type TestDatabase, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmProjectRepository } from './project.repository';

/** Tables that hold a project's rows without a cascading foreign key, and why deleting the project still handles them. */
const NOT_BY_FOREIGN_KEY: Record<string, string> = {
  audit_events: 'kept on purpose: the log outlives what it names (no foreign key at all)',
  spans: 'follow their traces by the traces_take_their_spans trigger',
};

describe.each(['pglite', 'postgres'] as const)('deleting a project on %s', (engine) => {
  let database: TestDatabase;
  let projects: TypeOrmProjectRepository;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    projects = new TypeOrmProjectRepository(database.dataSource);
  }, 120_000);
  afterAll(() => database?.close());

  it('reaches every table holding project rows through ON DELETE CASCADE, so one DELETE takes them all', async () => {
    const tables: Array<{ table_name: string }> = await database.dataSource.query(`
      SELECT table_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'project_id'
        -- A partition is reached as its partitioned table is.
        AND NOT EXISTS (SELECT 1 FROM pg_class c WHERE c.relname = table_name AND c.relispartition)
      ORDER BY table_name`);
    const cascades: Array<{ child: string; parent: string }> = await database.dataSource.query(`
      SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
      FROM pg_constraint c WHERE c.contype = 'f' AND c.confdeltype = 'c'`);
    const reached = new Set(['projects']);
    for (let grew = true; grew;) {
      grew = false;
      for (const { child, parent } of cascades) {
        if (reached.has(parent) && !reached.has(child)) {
          reached.add(child);
          grew = true;
        }
      }
    }
    const missed = tables.map(({ table_name: table }) => table).filter((table) => !reached.has(table) && !(table in NOT_BY_FOREIGN_KEY));
    expect(missed).toEqual([]);
  });

  it('deletes the project it names, answers false for one that is gone, and leaves the others', async () => {
    const { actor, otherActor } = database;
    expect(await projects.delete(actor.projectId)).toBe(true);
    expect(await projects.findById(actor.projectId)).toBeNull();
    expect(await database.dataSource.query('SELECT count(*)::int AS n FROM api_keys WHERE project_id = $1', [actor.projectId])).toEqual([{ n: 0 }]);
    expect(await projects.delete(actor.projectId)).toBe(false);
    expect(await projects.findById(otherActor.projectId)).toMatchObject({ id: otherActor.projectId });
  });
});
