import type { DataSource } from 'typeorm';
import { openDataSource } from './create-data-source';
import { analyzeGrownTables } from './pglite-auto-analyze';

describe('PGlite auto-analyze', () => {
  let dataSource: DataSource;
  beforeAll(async () => {
    dataSource = await openDataSource({ kind: 'pglite', dataDir: null });
  });
  afterAll(() => dataSource.destroy());

  const statsOf = async (table: string) =>
    (await dataSource.query('SELECT reltuples::int AS rows FROM pg_class WHERE relname = $1', [table]))[0].rows;
  const analyze = () => analyzeGrownTables((sql) => dataSource.query(sql));

  it('analyzes a table once it has grown, and leaves it alone until it grows by a fifth again', async () => {
    await dataSource.query('CREATE TABLE grown (id int PRIMARY KEY, label text)');
    await dataSource.query(`INSERT INTO grown SELECT n, repeat('x', 100) FROM generate_series(1, 5000) n`);
    expect(await statsOf('grown')).toBe(-1); // never analyzed: the planner knows nothing of its rows

    expect(await analyze()).toContain('public.grown');
    expect(await statsOf('grown')).toBe(5000);
    expect(await analyze()).not.toContain('public.grown');

    await dataSource.query(`INSERT INTO grown SELECT n, repeat('x', 100) FROM generate_series(5001, 5500) n`);
    expect(await analyze()).not.toContain('public.grown'); // a tenth more is not enough
    await dataSource.query(`INSERT INTO grown SELECT n, repeat('x', 100) FROM generate_series(5501, 7000) n`);
    expect(await analyze()).toContain('public.grown');
    expect(await statsOf('grown')).toBe(7000);
  });

  it('samples few rows, since ANALYZE holds the only session while it runs', async () => {
    expect(await dataSource.query('SHOW default_statistics_target')).toEqual([{ default_statistics_target: '10' }]);
  });
});
