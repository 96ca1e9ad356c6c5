import { readFileSync, readdirSync } from 'node:fs';
import { isDatabaseUnavailable } from './database-errors';
import { openPglite } from './open-pglite';
import type { PgliteSession } from './pglite-session';

type Rows = { rows: Array<Record<string, unknown>> };

describe('PGlite session: statements with parameters', () => {
  let session: PgliteSession;
  beforeAll(async () => {
    session = await openPglite(null);
    await session.query('CREATE TABLE kept (id uuid PRIMARY KEY, at timestamptz, body jsonb, tags text[], raw bytea, n int, ok boolean)');
  });
  afterAll(() => session.close());

  const prepared = async () =>
    ((await session.query('SELECT name, statement FROM pg_prepared_statements')) as Rows).rows.map((row) => String(row['statement']));
  const query = (sql: string, params: unknown[]) => session.query(sql, params) as Promise<Rows>;

  it('sends values of every kind and answers them typed, preparing each text once', async () => {
    const insert = 'INSERT INTO kept VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *';
    const at = new Date('2026-01-02T03:04:05.678Z');
    const { rows } = await query(insert, ['4f0b8a4e-8a6b-4bb0-9f3e-111111111111', at, { é: [1, 'two'] }, ['a', 'b"c', null], new Uint8Array([1, 2, 255]), 42, true]);
    expect(rows).toEqual([{
      id: '4f0b8a4e-8a6b-4bb0-9f3e-111111111111', at, body: { é: [1, 'two'] }, tags: ['a', 'b"c', null], raw: new Uint8Array([1, 2, 255]), n: 42, ok: true,
    }]);
    await query(insert, ['4f0b8a4e-8a6b-4bb0-9f3e-222222222222', at, null, [], null, null, false]);
    expect((await prepared()).filter((statement) => statement === insert)).toHaveLength(1);
  });

  it('sends long text as it is, one statement after another and many at once, up to sizes kept for none', async () => {
    const select = 'SELECT $1::text AS first, $2::int AS n, $3::text AS second, $4::jsonb AS body';
    const long = (size: number, seed: string) => `${seed}:${'é✓😀 abc '.repeat(size / 8)}`;
    const cases = [[5000, 'a'], [200, 'b'], [70_000, 'c'], [3_000_000, 'd'], [9_000, 'e']] as const;
    const sent = (size: number, seed: string) => [long(size, seed), size, long(size / 2, `${seed}2`), { text: long(size, `${seed}3`) }];
    for (const [size, seed] of cases) {
      const [first, n, second, body] = sent(size, seed);
      expect((await query(select, [first, n, second, body])).rows).toEqual([{ first, n, second, body }]);
    }
    const all = await Promise.all(cases.map(([size, seed]) => query(select, sent(size, seed))));
    expect(all.map(({ rows }) => rows[0]!['n'])).toEqual(cases.map(([size]) => size));
    expect(all[2]!.rows[0]!['second']).toBe(long(35_000, 'c2'));
    expect((await query(select, [null, null, long(6_000, 'f'), null])).rows).toEqual([{ first: null, n: null, second: long(6_000, 'f'), body: null }]);
  });

  it('reports a failure with its SQLSTATE and constraint, and the statement still runs afterwards', async () => {
    const insert = 'INSERT INTO kept (id) VALUES ($1)';
    await query(insert, ['4f0b8a4e-8a6b-4bb0-9f3e-333333333333']);
    await expect(query(insert, ['4f0b8a4e-8a6b-4bb0-9f3e-333333333333'])).rejects.toMatchObject({ code: '23505', constraint: 'kept_pkey' });
    await query(insert, ['4f0b8a4e-8a6b-4bb0-9f3e-444444444444']);
    await expect(query('SELEC $1', [1])).rejects.toMatchObject({ code: '42601' });
    expect(await prepared()).not.toContain('SELEC $1');
  });

  it('keeps at most 256 statements, closing the least recently used', async () => {
    for (let i = 0; i < 300; i += 1) await query(`SELECT $1::int + ${i} AS n`, [i]);
    const kept = await prepared();
    expect(kept.length).toBeLessThanOrEqual(256);
    expect(kept).toContain('SELECT $1::int + 299 AS n');
    expect(kept).not.toContain('SELECT $1::int + 0 AS n');
  });

  it('prepares a statement again when a table it reads changed shape', async () => {
    const select = 'SELECT * FROM kept WHERE id = $1';
    await query(select, ['4f0b8a4e-8a6b-4bb0-9f3e-444444444444']);
    await session.query('ALTER TABLE kept ADD COLUMN note text');
    const { rows } = await query(select, ['4f0b8a4e-8a6b-4bb0-9f3e-444444444444']);
    expect(rows[0]).toHaveProperty('note', null);
  });
});

describe('PGlite session: closing', () => {
  const failure = (query: Promise<unknown>): Promise<Error | null> => query.then(() => null, (error: Error) => error);

  it('runs the statements sent before close, then answers every later one as a closed database', async () => {
    const session = await openPglite(null);
    const sentBefore = session.query('SELECT count(*)::int AS n FROM generate_series(1, 300000)');
    const closed = session.close();
    const sentAfter = [failure(session.query('SELECT 1')), failure(session.query('SELECT $1::int', [1]))];
    await expect(sentBefore).resolves.toMatchObject({ rows: [{ n: 300000 }] });
    await closed;
    for (const error of await Promise.all(sentAfter)) {
      expect(error?.message).toMatch(/PGlite is closed/);
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
    expect((await failure(session.query('SELECT 2')))?.message).toMatch(/PGlite is closed/);
  });
});

describe('PGlite session: priority', () => {
  /** The niceness of each thread of this process (field 19 of /proc/self/task/<tid>/stat, past the parenthesised name). */
  const niceThreads = (): string[] => readdirSync('/proc/self/task').filter((tid) => {
    try {
      const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return Number(fields[16]) === 10;
    } catch {
      return false; // the thread ended meanwhile
    }
  });

  it('runs PGlite in a thread niced to 10, leaving the rest of the process as it was', async () => {
    const before = niceThreads();
    const session = await openPglite(null);
    try {
      const added = niceThreads().filter((tid) => !before.includes(tid));
      expect(added).toHaveLength(1);
      expect(niceThreads()).not.toContain(String(process.pid));
    } finally {
      await session.close();
    }
  });
});
