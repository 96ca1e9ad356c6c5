/**
 * Every rule a use case enforces fails with one of these codes; each inbound adapter maps them
 * (HTTP: not_found 404, conflict 409, invalid_state 409, rule_violation 400, unauthorized 401).
 */
export type DomainErrorCode = 'not_found' | 'conflict' | 'invalid_state' | 'rule_violation' | 'unauthorized';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static notFound(what: string, id: string): DomainError {
    return new DomainError('not_found', `${what} ${id} not found`);
  }
}
