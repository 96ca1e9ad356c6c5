import { DomainError, evaluatorConfigNameProblem } from '@crucible/domain';

/** The trimmed name of an evaluator config, or a refusal naming `name`. */
export function checkedName(name: string): string {
  const trimmed = name.trim();
  const problem = evaluatorConfigNameProblem(trimmed);
  if (problem) throw DomainError.invalidInput([{ field: ['name'], reason: problem, rule: trimmed === '' ? 'text_too_short' : 'text_too_long' }]);
  return trimmed;
}
