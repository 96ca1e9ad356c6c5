import type { ValidationIssue } from '@crucible/contracts';
import { type RequestPart, type RequestViolation, presentViolation } from '../presenters/input-violation.presenter';

/** Raised by pipes and answered 422 with the seed's validation body. */
export class RequestValidationError extends Error {
  constructor(readonly detail: ValidationIssue[]) {
    super(detail.map((d) => `${d.loc.join('.')}: ${d.msg}`).join('; '));
  }

  /** One field refused by a rule, named in pydantic's words by presentViolation. */
  static of(part: RequestPart, field: RequestViolation['field'], reason: string, rule: RequestViolation['rule']): RequestValidationError {
    return new RequestValidationError([presentViolation({ field, reason, rule }, part)]);
  }
}
