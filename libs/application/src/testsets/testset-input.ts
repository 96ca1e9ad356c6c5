import {
  type InputIssue, type TestsetIssue, type TestsetRow, DomainError, checkTestsetRows, testsetNameProblem,
} from '@crucible/domain';

/** The body fields a test set's name and rows arrived in, so a 422 points at what the client sent. */
export interface TestsetFields {
  name: string;
  rows: string;
}

export const JSON_BODY_FIELDS: TestsetFields = { name: 'name', rows: 'csvdata' };

const toInputIssue = (field: string, issue: TestsetIssue): InputIssue => ({
  loc: ['body', field, ...(issue.row === null ? [] : [issue.row]), ...(issue.column === undefined ? [] : [issue.column])],
  msg: issue.message,
  type: issue.type,
});

export function checkedRows(rows: unknown, fields: TestsetFields): { columns: string[]; rows: TestsetRow[] } {
  const check = checkTestsetRows(rows);
  if (!check.ok) throw DomainError.invalidInput(check.issues.map((issue) => toInputIssue(fields.rows, issue)));
  return { columns: check.columns, rows: check.rows };
}

export function checkedName(name: string, fields: TestsetFields): string {
  const trimmed = name.trim();
  const problem = testsetNameProblem(trimmed);
  if (problem) throw DomainError.invalidInput([{ loc: ['body', fields.name], msg: problem, type: 'value_error' }]);
  return trimmed;
}
