import type { InputViolation } from './input-violation';

/**
 * Every rule a use case enforces fails with one of these codes; each inbound adapter maps them
 * (HTTP: not_found 404, conflict 409, invalid_state 409, rule_violation 400, unauthorized 401,
 * invalid_input 422, upstream_failure 502: a workflow service the caller registered cannot be reached or failed;
 * too_busy 429: the process already does as much of this work as it may at once, try again after `retryAfterSeconds`;
 * unavailable 503: the server is not set up for this, e.g. no master key to seal a secret with;
 * gone 410: a one-time token (setup link, invitation) that was used, revoked or expired;
 * too_many_requests 429: this caller tried too often (sign-in throttling), try again after `retryAfterSeconds`).
 */
export type DomainErrorCode = 'not_found' | 'conflict' | 'invalid_state' | 'rule_violation' | 'unauthorized' | 'forbidden' | 'invalid_input'
  | 'upstream_failure' | 'too_busy' | 'unavailable' | 'gone' | 'too_many_requests';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** What an `invalid_input` error refuses, field by field. */
    readonly violations: InputViolation[] = [],
    /** For `too_busy`: when trying again may succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static invalidInput(violations: InputViolation[]): DomainError {
    const described = violations.map((v) => (v.field.length > 0 ? `${v.field.join('.')}: ${v.reason}` : v.reason));
    return new DomainError('invalid_input', described.join('; '), violations);
  }

  static tooBusy(message: string, retryAfterSeconds: number): DomainError {
    return new DomainError('too_busy', message, [], retryAfterSeconds);
  }

  static tooManyRequests(message: string, retryAfterSeconds: number): DomainError {
    return new DomainError('too_many_requests', message, [], retryAfterSeconds);
  }

  static notFound(what: string, id: string): DomainError {
    return new DomainError('not_found', `${what} ${id} not found`);
  }
}
