import { MAX_TESTSET_ROWS, TestsetRowsChecker, checkTestsetRows, testsetNameProblem } from './testset';

describe('checkTestsetRows', () => {
  it('takes the columns from the first row and accepts rows with the same keys in any order', () => {
    const check = checkTestsetRows([{ q: 'a', n: 1 }, { n: 2.5, q: 'b' }, { q: null, n: true }]);
    expect(check).toEqual({ ok: true, columns: ['q', 'n'], rows: expect.any(Array) });
  });

  it('names the ragged row with its missing and extra columns', () => {
    const check = checkTestsetRows([{ q: 'a', a: 'x' }, { q: 'b', a: 'y' }, { q: 'c', z: 'w' }]);
    expect(check).toEqual({
      ok: false,
      violations: [{ field: [2], rule: 'ragged_row', reason: expect.stringMatching(/row 2 .*missing "a".*extra "z"/) }],
    });
  });

  it('rejects non-scalar values naming the row and column', () => {
    const check = checkTestsetRows([{ q: 'a' }, { q: { nested: true } }, { q: [1] }]);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.violations.map((v) => [v.field, v.rule])).toEqual([[[1, 'q'], 'not_scalar'], [[2, 'q'], 'not_scalar']]);
  });

  it('needs at least one row, at most the maximum, objects and non-empty column names', () => {
    expect(checkTestsetRows([])).toMatchObject({ ok: false, violations: [{ field: [], rule: 'too_few_items' }] });
    expect(checkTestsetRows(new Array(MAX_TESTSET_ROWS + 1).fill({ q: 'a' }))).toMatchObject({ ok: false, violations: [{ rule: 'too_many_items' }] });
    expect(checkTestsetRows([{ q: 'a' }, 'b'])).toMatchObject({ ok: false, violations: [{ field: [1], rule: 'not_object' }] });
    expect(checkTestsetRows([{ '': 'a' }])).toMatchObject({ ok: false, violations: [{ field: [0, ''], rule: 'invalid_value' }] });
    expect(checkTestsetRows([{}])).toMatchObject({ ok: false, violations: [{ field: [0], rule: 'invalid_value' }] });
  });

  it('reports only the first violations of a badly broken set', () => {
    const rows = [{ q: 'a' }, ...Array.from({ length: 500 }, () => ({ x: 1 }))];
    const check = checkTestsetRows(rows);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.violations).toHaveLength(20);
  });
});

describe('testsetNameProblem', () => {
  it('refuses blank and overlong names', () => {
    expect(testsetNameProblem('qa set 1')).toBeNull();
    expect(testsetNameProblem('  ')).toMatch(/blank/);
    expect(testsetNameProblem('x'.repeat(201))).toMatch(/at most/);
  });
});

describe('TestsetRowsChecker', () => {
  const oneByOne = (rows: unknown[]) => {
    const checker = new TestsetRowsChecker();
    const stillGood = rows.map((row) => checker.add(row));
    return { stillGood, verdict: checker.verdict() };
  };

  it('gives checkTestsetRows\' verdict for rows seen one at a time', () => {
    const cases: unknown[][] = [
      [{ q: 'a', n: 1 }, { n: 2, q: 'b' }], [{ q: 'a', a: 'x' }, { q: 'c', z: 'w' }], [{ q: 'a' }, { q: { nested: true } }, 'b'],
      [], [{ '': 'a' }], [{}], [{ q: 'a' }, ...Array.from({ length: 500 }, () => ({ x: 1 }))],
    ];
    for (const rows of cases) {
      const whole = checkTestsetRows(rows);
      const { verdict } = oneByOne(rows);
      expect(verdict).toEqual(whole.ok ? { ok: true, columns: whole.columns, count: rows.length } : whole);
    }
  });

  it('tells, row by row, whether the rows so far still make a set, and counts every row past the maximum', () => {
    expect(oneByOne([{ q: 'a' }, { q: 'b' }, { r: 'c' }, { q: 'd' }]).stillGood).toEqual([true, true, false, false]);
    const checker = new TestsetRowsChecker();
    for (let i = 0; i < MAX_TESTSET_ROWS; i++) checker.add({ q: 'a' });
    expect(checker.add({ q: 'a' })).toBe(false);
    checker.add({ q: 'a' });
    expect(checker.verdict()).toMatchObject({ ok: false, violations: [{ reason: `a test set holds at most ${MAX_TESTSET_ROWS} rows, got ${MAX_TESTSET_ROWS + 2}` }] });
  });
});
