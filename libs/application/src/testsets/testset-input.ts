import { type InputViolation, type TestsetRow, DomainError, checkTestsetRows, testsetNameProblem } from '@crucible/domain';

/** The fields a test set's name and rows arrived in, so a refusal points at what the client sent. */
export interface TestsetFields {
  name: string;
  rows: string;
}

export const JSON_BODY_FIELDS: TestsetFields = { name: 'name', rows: 'csvdata' };

export function checkedRows(rows: unknown, fields: TestsetFields): { columns: string[]; rows: TestsetRow[] } {
  const check = checkTestsetRows(rows);
  if (!check.ok) throw rowsRefused(check.violations, fields);
  return { columns: check.columns, rows: check.rows };
}

/** The 422 for rows that break the rules, each violation under the field the rows came in. */
export function rowsRefused(violations: InputViolation[], fields: TestsetFields): DomainError {
  return DomainError.invalidInput(violations.map((violation) => ({ ...violation, field: [fields.rows, ...violation.field] })));
}

export function checkedName(name: string, fields: TestsetFields): string {
  const trimmed = name.trim();
  const problem = testsetNameProblem(trimmed);
  if (problem) throw DomainError.invalidInput([{ field: [fields.name], reason: problem, rule: 'invalid_value' }]);
  return trimmed;
}
