import { describeApiError, isValidationIssue } from '@crucible/client';

/** What the api answered when it did not answer 2xx: its status and its `detail` (a message or 422 items). */
export class ApiError extends Error {
  /** `retryAfter`: how many seconds a 429 asks to wait. */
  constructor(readonly status: number, readonly detail: unknown, readonly retryAfter?: number) {
    super(describeApiError(status, detail));
    this.name = 'ApiError';
  }

  /** The 422 item whose `loc` ends with this field name, if the api named one. */
  messageFor(field: string): string | undefined {
    if (!Array.isArray(this.detail)) return undefined;
    const item = this.detail.find((entry: unknown) => isValidationIssue(entry) && entry.loc[entry.loc.length - 1] === field);
    return isValidationIssue(item) ? item.msg : undefined;
  }
}

/** Words for any error a query or mutation may throw. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return 'The api cannot be reached. Is it running?';
  return error instanceof Error ? error.message : String(error);
}
