import type { DataSource } from 'typeorm';
import { type TestEngine, openTestDatabase } from '../testing/test-database-fixture';
import { ANALYZE_STATISTICS_TARGET, analyzeGrownTables, analyzeWhileOpen } from './auto-analyze';
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
  const analyze = () => analyzeGrownTables(dataSource);

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

  it('samples few rows, whatever the server default', async () => {
    await dataSource.query('CREATE TABLE sampled (id int PRIMARY KEY)');
    await dataSource.query('INSERT INTO sampled SELECT generate_series(1, 20000)');
    expect(await analyze()).toContain('public.sampled');
    // A histogram has one bound more than the statistics target it was sampled at (101 at PostgreSQL's default).
    const [{ bounds }] = await dataSource.query(
      `SELECT array_length(histogram_bounds::text::int[], 1) AS bounds FROM pg_stats WHERE tablename = 'sampled' AND attname = 'id'`,
    );
    expect(bounds).toBe(ANALYZE_STATISTICS_TARGET + 1);
  });

  it('keeps no statistics of the payload columns of growing tables', async () => {
    // A column's own target is -1 until set (null on PostgreSQL 17, which PGlite is): the server's default.
    const targets: Array<{ table: string; column: string; target: number }> = await dataSource.query(
      `SELECT c.relname AS table, a.attname AS column, coalesce(a.attstattarget, -1)::int AS target
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE c.relname IN ('evaluation_scenarios', 'spans', 'traces')
          AND a.attname IN ('results', 'attributes', 'row_index', 'span_id', 'inline_spans')`,
    );
    expect(targets.sort((a, b) => a.column.localeCompare(b.column))).toEqual([
      { table: 'spans', column: 'attributes', target: 0 },
      { table: 'traces', column: 'inline_spans', target: 0 },
      { table: 'evaluation_scenarios', column: 'results', target: 0 },
      { table: 'evaluation_scenarios', column: 'row_index', target: -1 },
      { table: 'spans', column: 'span_id', target: -1 },
    ]);
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
