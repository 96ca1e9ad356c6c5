/** PostgreSQL SQLSTATE of a failed query, from TypeORM's QueryFailedError (pg) or a PGlite error. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const withCode = error as { code?: unknown; driverError?: { code?: unknown } };
  const code = withCode.driverError?.code ?? withCode.code;
  return typeof code === 'string' ? code : undefined;
}

export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === '23503';
