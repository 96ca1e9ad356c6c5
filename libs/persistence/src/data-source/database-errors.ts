/** PostgreSQL SQLSTATE of a failed query, from TypeORM's QueryFailedError (pg) or a PGlite error. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const withCode = error as { code?: unknown; driverError?: { code?: unknown } };
  const code = withCode.driverError?.code ?? withCode.code;
  return typeof code === 'string' ? code : undefined;
}

export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === '23503';

/** The constraint a failed query violated, as pg and PGlite both report it. */
export function violatedConstraint(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const withConstraint = error as { constraint?: unknown; driverError?: { constraint?: unknown } };
  const constraint = withConstraint.driverError?.constraint ?? withConstraint.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

const UNREACHABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
/** SQLSTATEs of a server going away: admin/crash shutdown, cannot connect now, too many connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNREACHABLE_MESSAGE = /connection terminated|timeout exceeded when trying to connect|not queryable|connection is not established|PGlite is closed/i;

/**
 * The database cannot be reached (down, restarting, network gone), as opposed to a query that failed: such an
 * error is answered 503 at the edge and retried by the runner, never reported as a bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const state = sqlState(error);
  if (state && (state.startsWith('08') || UNAVAILABLE_STATES.has(state) || UNREACHABLE_ERRNOS.has(state))) return true;
  const { message, driverError, errors } = error as { message?: unknown; driverError?: unknown; errors?: unknown };
  if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
  if (driverError && driverError !== error && isDatabaseUnavailable(driverError)) return true;
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable);
}
