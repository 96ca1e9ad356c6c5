/**
 * Every rule a use case enforces fails with one of these codes; each inbound adapter maps them
 * (HTTP: not_found 404, conflict 409, invalid_state 409, rule_violation 400, unauthorized 401,
 * invalid_input 422, upstream_failure 502: a workflow service the caller registered cannot be reached or failed).
 */
export type DomainErrorCode = 'not_found' | 'conflict' | 'invalid_state' | 'rule_violation' | 'unauthorized' | 'forbidden' | 'invalid_input'
  | 'upstream_failure';

/** Where an input breaks a rule, in the seed's validation shape (HTTP: 422 with these as `detail`). */
export interface InputIssue {
  loc: Array<string | number>;
  msg: string;
  type: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly issues: InputIssue[] = [],
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static invalidInput(issues: InputIssue[]): DomainError {
    return new DomainError('invalid_input', issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '), issues);
  }

  static notFound(what: string, id: string): DomainError {
    return new DomainError('not_found', `${what} ${id} not found`);
  }
}
