/** What the api answered when it did not answer 2xx: its status and its `detail` (a message or 422 items). */
export class ApiError extends Error {
  constructor(readonly status: number, readonly detail: unknown) {
    super(describeDetail(status, detail));
    this.name = 'ApiError';
  }

  /** The 422 item whose `loc` ends with this field name, if the api named one. */
  messageFor(field: string): string | undefined {
    if (!Array.isArray(this.detail)) return undefined;
    const item = this.detail.find((entry: unknown) => isValidationItem(entry) && entry.loc[entry.loc.length - 1] === field);
    return isValidationItem(item) ? item.msg : undefined;
  }
}

interface ValidationItem { loc: (string | number)[]; msg: string }

const isValidationItem = (value: unknown): value is ValidationItem =>
  typeof value === 'object' && value !== null && Array.isArray((value as ValidationItem).loc) && typeof (value as ValidationItem).msg === 'string';

function describeDetail(status: number, detail: unknown): string {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    const items = detail.filter(isValidationItem).map((item) => `${item.loc.filter((part) => part !== 'body').join('.')}: ${item.msg}`);
    if (items.length) return items.join('; ');
  }
  if (typeof detail === 'object' && detail !== null && typeof (detail as { message?: unknown }).message === 'string') {
    return (detail as { message: string }).message;
  }
  if (status === 0) return 'The api cannot be reached. Is it running?';
  return `The api answered ${status}.`;
}

/** Words for any error a query or mutation may throw. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return 'The api cannot be reached. Is it running?';
  return error instanceof Error ? error.message : String(error);
}
