import { ApiError, describeError } from '../../api/api-error';

/** A wait in words: "30 seconds", "about 12 minutes". */
export function waitInWords(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `about ${Math.ceil(seconds / 60)} minutes`;
}

/** What a refused sign-in means for the person: the api answers an unknown email and a wrong password alike. */
export function signInError(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return 'That email and password do not match an account. Check both and try again.';
  if (error instanceof ApiError && error.status === 429) {
    return error.retryAfter === undefined
      ? 'Too many failed sign-ins: wait a while, then try again.'
      : `Too many failed sign-ins: wait ${waitInWords(error.retryAfter)}, then try again.`;
  }
  return describeError(error);
}
