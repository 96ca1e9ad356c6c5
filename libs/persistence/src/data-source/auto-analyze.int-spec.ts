import type { DataSource } from 'typeorm';
import { type TestEngine, openTestDatabase } from '../testing/test-database-fixture';
import { analyzeGrownTables, analyzeWhileOpen } from './auto-analyze';
import { openDataSource } from './create-data-source';

describe.each<TestEngine>(['postgres', 'pglite'])('auto-analyze on %s', (engine) => {
  let dataSource: DataSource;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ dataSource, close } = await openTestDatabase(engine));
  });
  afterAll(() => close());

  const statsOf = async (table: string) =>
    (await dataSource.query('SELECT reltuples::int AS rows FROM pg_class WHERE relname = $1', [table]))[0].rows;
  const analyze = () => analyzeGrownTables((sql) => dataSource.query(sql));

  it('analyzes a table once it has grown, and leaves it alone until it has doubled', async () => {
    await dataSource.query('CREATE TABLE grown (id int PRIMARY KEY, label text)');
    await dataSource.query(`INSERT INTO grown SELECT n, repeat('x', 100) FROM generate_series(1, 5000) n`);
    expect(await statsOf('grown')).toBe(-1); // never analyzed: the planner knows nothing of its rows

    expect(await analyze()).toContain('public.grown');
    expect(await statsOf('grown')).toBe(5000);
    expect(await analyze()).not.toContain('public.grown');

    await dataSource.query(`INSERT INTO grown SELECT n, repeat('x', 100) FROM generate_series(5001, 9000) n`);
    expect(await analyze()).not.toContain('public.grown'); // four fifths more is not enough
    await dataSource.query(`INSERT INTO grown SELECT n, repeat('x', 100) FROM generate_series(9001, 12000) n`);
    expect(await analyze()).toContain('public.grown');
    expect(await statsOf('grown')).toBe(12000);
  });

  it('analyzes grown tables by itself while the data source is open', async () => {
    await dataSource.query('CREATE TABLE grown_unattended (id int PRIMARY KEY)');
    await dataSource.query('INSERT INTO grown_unattended SELECT generate_series(1, 4000)');
    analyzeWhileOpen(dataSource, 20);
    const deadline = Date.now() + 10_000;
    while ((await statsOf('grown_unattended')) !== 4000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await statsOf('grown_unattended')).toBe(4000);
  });
});

describe('PGlite statistics', () => {
  it('samples few rows, since ANALYZE holds the only session while it runs', async () => {
    const dataSource = await openDataSource({ kind: 'pglite', dataDir: null });
    try {
      expect(await dataSource.query('SHOW default_statistics_target')).toEqual([{ default_statistics_target: '10' }]);
    } finally {
      await dataSource.destroy();
    }
  });
});
