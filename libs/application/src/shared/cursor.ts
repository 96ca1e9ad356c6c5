import { DomainError } from '@crucible/domain';

/**
 * Keyset cursors (ARCHITECTURE §10): the sort keys of the last item of a page, base64url-encoded JSON, so
 * clients treat them as opaque. Each key is checked against the type of its column before it reaches a query:
 * a cursor this list did not issue answers 422, never a database error.
 */
export type CursorKey = 'text' | 'int' | 'uuid' | 'timestamptz';

const INT4 = 2 ** 31;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** PostgreSQL's own text for a timestamptz (any session time zone), or ISO 8601. */
const TIMESTAMP = /^(-?infinity|\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?(Z|[+-]\d\d(:?\d\d){0,2}))$/;

const VALID: Record<CursorKey, (key: string) => boolean> = {
  text: (key) => !key.includes('\u0000'),
  int: (key) => /^-?\d{1,10}$/.test(key) && Math.abs(Number(key)) < INT4,
  uuid: (key) => UUID.test(key),
  timestamptz: (key) => TIMESTAMP.test(key),
};

export function encodeCursor(keys: ReadonlyArray<string | number>): string {
  return Buffer.from(JSON.stringify(keys.map(String))).toString('base64url');
}

/** The cursor's keys as text, one per column of `types`. */
export function decodeCursor(cursor: string, types: readonly CursorKey[]): string[] {
  let keys: unknown;
  try {
    keys = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    keys = null;
  }
  const valid = Array.isArray(keys) && keys.length === types.length
    && keys.every((key, i) => typeof key === 'string' && VALID[types[i]!](key));
  if (!valid) throw notACursor();
  return keys as string[];
}

/** Names the `cursor` field; the api places it in the query (`withFieldLocations`). */
export const notACursor = (): DomainError =>
  DomainError.invalidInput([{ field: ['cursor'], reason: 'not a cursor this list issued', rule: 'invalid_value' }]);
