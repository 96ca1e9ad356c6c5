export interface ValidationErrorItem {
  loc: Array<string | number>;
  msg: string;
  type: string;
}

/** Raised by pipes and answered 422 with the seed's validation body. */
export class RequestValidationError extends Error {
  constructor(readonly detail: ValidationErrorItem[]) {
    super(detail.map((d) => `${d.loc.join('.')}: ${d.msg}`).join('; '));
  }
}
