import { randomUUID } from 'node:crypto';
import { type TestDatabase, type TestEngine, openTestDatabase } from '../testing/test-database-fixture';
import { TypeOrmTestsetRepository } from '../repositories/testset.repository';
import { TestsetVersions1795874736290 } from './1795874736290-testset-versions';

describe.each<TestEngine>(['pglite', 'postgres'])('migration 1795874736290 on %s', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  }, 60_000);
  afterAll(() => database?.close());

  it('makes every existing test set version 1, with its rows, and pins existing evaluations to it', async () => {
    const { dataSource, actor } = database;
    const migration = new TestsetVersions1795874736290();
    const runner = dataSource.createQueryRunner();
    const id = randomUUID();
    const rows = [{ country: 'France', correct_answer: 'Paris' }, { country: 'Peru', correct_answer: 'Lima' }];
    try {
      await migration.down(runner);
      await runner.query(
        `INSERT INTO testsets (id, project_id, app_id, name, columns, csvdata, created_at, updated_at)
         VALUES ($1, $2, NULL, 'old', $3::jsonb, $4::jsonb, now() - interval '1 day', now())`,
        [id, actor.projectId, JSON.stringify(['country', 'correct_answer']), JSON.stringify(rows)],
      );
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const testsets = new TypeOrmTestsetRepository(dataSource);
    expect(await testsets.findSummary(actor.projectId, id)).toMatchObject({ version: 1, rowsCount: 2, columns: ['country', 'correct_answer'] });
    expect((await testsets.findById(actor.projectId, id, 1))!.rows).toEqual(rows);
    expect((await testsets.listVersions(actor.projectId, id, { limit: null, cursor: null })).items)
      .toEqual([expect.objectContaining({ version: 1, change: 'before_versioning', createdBy: null })]);
    const [column] = await dataSource.query<Array<{ column_default: string }>>(
      "SELECT column_default FROM information_schema.columns WHERE table_name = 'evaluations' AND column_name = 'testset_version'",
    );
    expect(column?.column_default).toBe('1');
  });
});
