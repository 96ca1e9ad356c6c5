import { redactUrlsIn } from '@crucible/domain';

const MAX_MESSAGE = 300;

export interface LoggableError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
}

/**
 * What of an error may be logged (ARCHITECTURE §12): its type, code, a short message and the stack. Never the
 * whole object: a driver's error carries the query's parameters (key hashes, test-set rows, revision parameters)
 * and PostgreSQL's `detail` echoes the values of the offending row.
 */
export function loggableError(error: unknown): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a non-Error value was thrown' };
  const code = (error as { code?: unknown }).code;
  // Redacted before the cut, which could split a URL's password from its "@".
  const whole = redactUrlsIn(error.message);
  const message = whole.length > MAX_MESSAGE ? `${whole.slice(0, MAX_MESSAGE)}…` : whole;
  const stack = error.stack === undefined ? undefined : redactUrlsIn(error.stack.split('\n').slice(1).join('\n'));
  return { type: error.name, message, ...(typeof code === 'string' ? { code } : {}), ...(stack ? { stack } : {}) };
}
