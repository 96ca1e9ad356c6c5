import { DomainError, evaluatorConfigNameProblem } from '@crucible/domain';

/** The trimmed name of an evaluator config, or a 422 on `body.name`. */
export function checkedName(name: string): string {
  const trimmed = name.trim();
  const problem = evaluatorConfigNameProblem(trimmed);
  const type = trimmed === '' ? 'string_too_short' : 'string_too_long';
  if (problem) throw DomainError.invalidInput([{ loc: ['body', 'name'], msg: problem, type }]);
  return trimmed;
}
