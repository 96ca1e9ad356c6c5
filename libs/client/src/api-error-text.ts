import type { ValidationIssue } from '@crucible/contracts';

/** A 422 item of the api's validation body. */
export const isValidationIssue = (value: unknown): value is ValidationIssue =>
  typeof value === 'object' && value !== null && Array.isArray((value as ValidationIssue).loc)
  && typeof (value as ValidationIssue).msg === 'string' && typeof (value as ValidationIssue).type === 'string';

/**
 * What the api said when it did not answer 2xx, in words: its `detail` message, or each 422 item as
 * `field.path: message` (the leading `body` dropped), or the status when it said nothing readable.
 */
export function describeApiError(status: number, detail: unknown): string {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    const items = detail.filter(isValidationIssue).map((item) => `${item.loc.filter((part) => part !== 'body').join('.')}: ${item.msg}`);
    if (items.length) return items.join('; ');
  }
  if (typeof detail === 'object' && detail !== null && typeof (detail as { message?: unknown }).message === 'string') {
    return (detail as { message: string }).message;
  }
  if (status === 0) return 'The api cannot be reached. Is it running?';
  return `The api answered ${status}.`;
}
