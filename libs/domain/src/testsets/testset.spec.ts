import { MAX_TESTSET_ROWS, checkTestsetRows, testsetNameProblem } from './testset';

describe('checkTestsetRows', () => {
  it('takes the columns from the first row and accepts rows with the same keys in any order', () => {
    const check = checkTestsetRows([{ q: 'a', n: 1 }, { n: 2.5, q: 'b' }, { q: null, n: true }]);
    expect(check).toEqual({ ok: true, columns: ['q', 'n'], rows: expect.any(Array) });
  });

  it('names the ragged row with its missing and extra columns', () => {
    const check = checkTestsetRows([{ q: 'a', a: 'x' }, { q: 'b', a: 'y' }, { q: 'c', z: 'w' }]);
    expect(check).toEqual({
      ok: false,
      issues: [{ row: 2, type: 'ragged_row', message: expect.stringMatching(/row 2 .*missing "a".*extra "z"/) }],
    });
  });

  it('rejects non-scalar values naming the row and column', () => {
    const check = checkTestsetRows([{ q: 'a' }, { q: { nested: true } }, { q: [1] }]);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.issues.map((i) => [i.row, i.column, i.type])).toEqual([[1, 'q', 'scalar_type'], [2, 'q', 'scalar_type']]);
  });

  it('needs at least one row, at most the maximum, objects and non-empty column names', () => {
    expect(checkTestsetRows([])).toMatchObject({ ok: false, issues: [{ row: null, type: 'too_short' }] });
    expect(checkTestsetRows(new Array(MAX_TESTSET_ROWS + 1).fill({ q: 'a' }))).toMatchObject({ ok: false, issues: [{ type: 'too_long' }] });
    expect(checkTestsetRows([{ q: 'a' }, 'b'])).toMatchObject({ ok: false, issues: [{ row: 1, type: 'dict_type' }] });
    expect(checkTestsetRows([{ '': 'a' }])).toMatchObject({ ok: false, issues: [{ row: 0, column: '', type: 'value_error' }] });
    expect(checkTestsetRows([{}])).toMatchObject({ ok: false, issues: [{ row: 0, type: 'value_error' }] });
  });

  it('reports only the first issues of a badly broken set', () => {
    const rows = [{ q: 'a' }, ...Array.from({ length: 500 }, () => ({ x: 1 }))];
    const check = checkTestsetRows(rows);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.issues).toHaveLength(20);
  });
});

describe('testsetNameProblem', () => {
  it('refuses blank and overlong names', () => {
    expect(testsetNameProblem('qa set 1')).toBeNull();
    expect(testsetNameProblem('  ')).toMatch(/blank/);
    expect(testsetNameProblem('x'.repeat(201))).toMatch(/at most/);
  });
});
