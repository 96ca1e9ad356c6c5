import type { Request } from 'express';

/** `Link: <same path and query, next cursor>; rel="next"` (RFC 8288). */
export function nextLink(request: Request, cursor: string): string {
  const url = new URL(request.originalUrl, 'http://placeholder');
  url.searchParams.set('cursor', cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}
