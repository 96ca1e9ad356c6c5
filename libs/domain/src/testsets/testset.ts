import type { InputViolation } from '../shared/input-violation';

export type TestsetValue = string | number | boolean | null;
export type TestsetRow = Record<string, TestsetValue>;

/** Rows of inputs (and ground truths) an evaluation feeds, one by one, to the revisions it compares. */
export interface Testset {
  id: string;
  projectId: string;
  appId: string | null;
  name: string;
  columns: string[];
  rows: Array<Record<string, string | number | boolean | null>>;
  /** Which immutable version of the rows these are: 1 when created, one more with every change of the rows. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A test set as listings show it: its rows are counted, never loaded. */
export type TestsetSummary = Omit<Testset, 'rows'> & { rowsCount: number };

export const MAX_TESTSET_ROWS = 100_000;
export const MAX_TESTSET_NAME_LENGTH = 200;
/** A broken file can have a problem on every row; the first few are enough to fix it. */
const MAX_VIOLATIONS = 20;

/** A violation's field is [row index (0-based), column?] within the rows; empty when the whole set is at fault. */
export type TestsetRowsCheck =
  | { ok: true; columns: string[]; rows: TestsetRow[] }
  | { ok: false; violations: InputViolation[] };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isScalar = (value: unknown): value is TestsetValue =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

const quoted = (names: string[]): string => names.map((name) => JSON.stringify(name)).join(', ');

function rowViolations(row: unknown, index: number, columns: string[]): InputViolation[] {
  if (!isPlainObject(row)) return [{ field: [index], reason: `row ${index} must be an object of column: value`, rule: 'not_object' }];
  const keys = Object.keys(row);
  const violations: InputViolation[] = [];
  if (index > 0) {
    const missing = columns.filter((column) => !Object.hasOwn(row, column));
    const extra = keys.filter((key) => !columns.includes(key));
    if (missing.length > 0 || extra.length > 0) {
      const parts = [missing.length > 0 ? `missing ${quoted(missing)}` : '', extra.length > 0 ? `extra ${quoted(extra)}` : ''];
      violations.push({
        field: [index],
        reason: `row ${index} does not have the columns of row 0 (${quoted(columns)}): ${parts.filter(Boolean).join('; ')}`,
        rule: 'ragged_row',
      });
    }
  }
  for (const key of keys) {
    if (!isScalar(row[key])) {
      violations.push({
        field: [index, key], rule: 'not_scalar',
        reason: `row ${index}, column ${JSON.stringify(key)}: a value must be a string, number, boolean or null`,
      });
    }
  }
  return violations;
}

/**
 * The rules every test set's rows follow: at least one and at most MAX_TESTSET_ROWS rows, every row an
 * object with exactly the (non-empty) column names of the first row, every value a scalar. The evaluation
 * runner reads any column of any row, so a ragged set would fail rows halfway through an evaluation.
 */
export function checkTestsetRows(rows: unknown): TestsetRowsCheck {
  if (!Array.isArray(rows)) return { ok: false, violations: [{ field: [], reason: 'rows must be a list of objects', rule: 'not_object' }] };
  const checker = new TestsetRowsChecker();
  for (const row of rows) checker.add(row);
  const verdict = checker.verdict();
  return verdict.ok ? { ok: true, columns: verdict.columns, rows: rows as TestsetRow[] } : verdict;
}

/**
 * checkTestsetRows one row at a time, for rows read from a stream and never all held: the same rules, the same
 * violations in the same order. `add` tells whether the rows seen so far still make a valid set.
 */
export class TestsetRowsChecker {
  private columns: string[] = [];
  private readonly violations: InputViolation[] = [];
  private count = 0;

  add(row: unknown): boolean {
    const index = this.count++;
    if (index === 0) this.startWith(row);
    if (index < MAX_TESTSET_ROWS && this.violations.length < MAX_VIOLATIONS) this.violations.push(...rowViolations(row, index, this.columns));
    return this.violations.length === 0 && this.count <= MAX_TESTSET_ROWS;
  }

  verdict(): { ok: true; columns: string[]; count: number } | { ok: false; violations: InputViolation[] } {
    if (this.count === 0) return { ok: false, violations: [{ field: [], reason: 'a test set needs at least one row', rule: 'too_few_items' }] };
    if (this.count > MAX_TESTSET_ROWS) {
      return { ok: false, violations: [{ field: [], reason: `a test set holds at most ${MAX_TESTSET_ROWS} rows, got ${this.count}`, rule: 'too_many_items' }] };
    }
    if (this.violations.length > 0) return { ok: false, violations: this.violations.slice(0, MAX_VIOLATIONS) };
    return { ok: true, columns: this.columns, count: this.count };
  }

  private startWith(first: unknown): void {
    this.columns = isPlainObject(first) ? Object.keys(first) : [];
    if (isPlainObject(first) && this.columns.length === 0) this.violations.push({ field: [0], reason: 'row 0 has no columns', rule: 'invalid_value' });
    for (const column of this.columns) {
      if (column.trim() === '') this.violations.push({ field: [0, column], reason: 'column names must not be empty', rule: 'invalid_value' });
    }
  }
}

/** Names are shown in lists and pickers; anything printable goes, but not blank and not a novel. */
export function testsetNameProblem(name: string): string | null {
  if (name.trim() === '') return 'name must not be blank';
  if (name.length > MAX_TESTSET_NAME_LENGTH) return `name must be at most ${MAX_TESTSET_NAME_LENGTH} characters`;
  return null;
}

export function summarizeTestset({ rows, ...rest }: Testset): TestsetSummary {
  return { ...rest, rowsCount: rows.length };
}
