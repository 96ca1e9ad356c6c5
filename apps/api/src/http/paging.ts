import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { type Page, type PageRequest, boundedPage } from '@crucible/application';
import type { PageQuery } from '../wire/common.wire';
import { nextLink } from './keyset-cursor';
import { withFieldLocations } from './field-locations';

/** The seed's unbounded lists (operations 1 and 6) answer everything without `limit`; the others at most 1000. */
export function pageRequest(query: PageQuery, whenNoLimit: 'everything' | 'bounded'): PageRequest {
  if (whenNoLimit === 'everything') return { limit: query.limit ?? null, cursor: query.cursor ?? null };
  return boundedPage(query);
}

/** Runs a list's use case so that a cursor it refuses answers 422 at `query.cursor`. */
export const listed = <T>(run: () => Promise<T>): Promise<T> => withFieldLocations({ cursor: 'query' }, run);

/** RFC 8288: `Link: </same/path?…&cursor=…>; rel="next"` when more remain. */
export function linkNextPage(req: Request, res: Response, nextCursor: string | null): void {
  if (nextCursor !== null) res.setHeader('Link', nextLink(req, nextCursor));
}

/** A page's items, presented, with the `Link` of the next page (for handlers with `@Res({ passthrough: true })`). */
export function answerPage<T, U>(req: Request, res: Response, page: Page<T>, present: (item: T) => U): U[] {
  linkNextPage(req, res, page.nextCursor);
  return page.items.map((item) => present(item));
}

/**
 * Answers a page assembled from each item's memoised JSON, with an ETag digested from ids and `updated_at` (what
 * determines the body), so an unchanged list is sent again without assembling it (docs/performance-history.md).
 */
export function sendJsonPage<T extends { id: string; updatedAt: Date }>(
  req: Request, res: Response, page: Page<T>, json: (item: T) => Buffer,
): void {
  linkNextPage(req, res, page.nextCursor);
  const etag = etagOf(page);
  const bodyKey = `${req.path} ${etag}`;
  res.setHeader('ETag', etag);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.send(recentBodies.get(bodyKey) ?? recentBodies.keep(bodyKey, assemble(page.items, json)));
}

/** A repository hands back the same page object for an unchanged page, so its digest is computed once. */
const etags = new WeakMap<Page<{ id: string; updatedAt: Date }>, string>();

function etagOf(page: Page<{ id: string; updatedAt: Date }>): string {
  let etag = etags.get(page);
  if (etag === undefined) {
    const stamps = page.items.map((item) => `${item.id}:${item.updatedAt.getTime()}`).join(';');
    etag = `W/"${createHash('sha1').update(stamps).update(`|${page.nextCursor ?? ''}`).digest('base64url')}"`;
    etags.set(page, etag);
  }
  return etag;
}

function assemble<T>(items: T[], json: (item: T) => Buffer): Buffer {
  const chunks: Buffer[] = [OPEN];
  for (const item of items) {
    if (chunks.length > 1) chunks.push(COMMA);
    chunks.push(json(item));
  }
  chunks.push(CLOSE);
  return Buffer.concat(chunks);
}

/** Bodies by ETag, least recently used dropped first, at most `maxBytes` in all. */
class RecentBodies {
  private readonly bodies = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(etag: string): Buffer | undefined {
    const body = this.bodies.get(etag);
    if (body) {
      this.bodies.delete(etag);
      this.bodies.set(etag, body);
    }
    return body;
  }

  keep(etag: string, body: Buffer): Buffer {
    if (body.length > this.maxBytes) return body;
    this.bodies.set(etag, body);
    this.bytes += body.length;
    for (const [oldest, dropped] of this.bodies) {
      if (this.bytes <= this.maxBytes) break;
      this.bodies.delete(oldest);
      this.bytes -= dropped.length;
    }
    return body;
  }
}

const recentBodies = new RecentBodies(16 * 1024 * 1024);

const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((text) => Buffer.from(text)) as [Buffer, Buffer, Buffer];

/** JSON bytes of a presented item, computed once per object: repositories hand back the same object for unchanged rows. */
export function memoisedJson<T extends object>(present: (item: T) => unknown): (item: T) => Buffer {
  const memo = new WeakMap<T, Buffer>();
  return (item) => {
    let bytes = memo.get(item);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(present(item)));
      memo.set(item, bytes);
    }
    return bytes;
  };
}
