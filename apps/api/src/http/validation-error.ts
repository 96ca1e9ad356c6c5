import type { ValidationIssue } from '@crucible/contracts';

/** Raised by pipes and answered 422 with the seed's validation body. */
export class RequestValidationError extends Error {
  constructor(readonly detail: ValidationIssue[]) {
    super(detail.map((d) => `${d.loc.join('.')}: ${d.msg}`).join('; '));
  }
}
