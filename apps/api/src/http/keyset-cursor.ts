import type { Request } from 'express';
import { RequestValidationError } from './validation-error';

/** Opaque cursors (ARCHITECTURE §10): the keyset position as base64url JSON. */
export function encodeCursor(position: unknown[]): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

export function decodeCursor(cursor: string): unknown[] {
  try {
    const position: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(position)) return position;
  } catch {
    // answered below
  }
  throw new RequestValidationError([{ loc: ['query', 'cursor'], msg: 'not a cursor this list gave out', type: 'value_error' }]);
}

/** `Link: <same path and query, next cursor>; rel="next"` (RFC 8288). */
export function nextLink(request: Request, cursor: string): string {
  const url = new URL(request.originalUrl, 'http://placeholder');
  url.searchParams.set('cursor', cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}
