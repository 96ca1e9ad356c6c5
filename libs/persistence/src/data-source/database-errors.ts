import { DomainError } from '@crucible/domain';

/** A string field of a failed query's error, from TypeORM's QueryFailedError (its pg `driverError`) or a PGlite error. */
function errorField(error: unknown, field: 'code' | 'constraint'): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const failed = error as Record<string, unknown> & { driverError?: Record<string, unknown> };
  const value = failed.driverError?.[field] ?? failed[field];
  return typeof value === 'string' ? value : undefined;
}

/** PostgreSQL SQLSTATE of a failed query, from TypeORM's QueryFailedError (pg) or a PGlite error. */
export const sqlState = (error: unknown): string | undefined => errorField(error, 'code');

export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === '23503';

/** The constraint a failed query violated, as pg and PGlite both report it. */
export const violatedConstraint = (error: unknown): string | undefined => errorField(error, 'constraint');

const UNREACHABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
/** SQLSTATEs of a server going away: admin/crash shutdown, cannot connect now, too many connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
// "Driver not Connected" is TypeORM's answer once the data source is closed, at shutdown.
const UNREACHABLE_MESSAGE = /connection terminated|timeout exceeded when trying to connect|not queryable|connection is not established|PGlite is closed|driver not connected/i;

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

/** Runs a write whose unique constraint guards a name: a violation is the conflict `message` tells, as the ports promise. */
export async function conflictIfTaken<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', message);
    throw error;
  }
}
