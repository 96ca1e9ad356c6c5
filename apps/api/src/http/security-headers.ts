import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

const common = {
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  hidePoweredBy: true,
  noSniff: true,
} as const;

/** JSON answers run nothing and embed nothing. */
const apiHeaders = helmet({
  ...common,
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
});

/**
 * Pages (the console under /ui, swagger-ui under /docs) load their own scripts; Mantine and swagger-ui inject
 * `<style>` tags and use data: images, so styles may be inline and images data:. Scripts never are inline.
 */
const pageHeaders = helmet({
  ...common,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"], scriptSrc: ["'self'"], styleSrc: ["'self'", "'unsafe-inline'"], imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'], connectSrc: ["'self'"], objectSrc: ["'none'"], baseUri: ["'self'"], formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
});

const PAGES = /^\/(ui|docs)(\/|$)/;

interface FixedHeaders {
  set: Array<[string, string]>;
  removed: string[];
}

/**
 * What a helmet middleware does to an answer, worked out once: with these options (no nonces) it sets the same headers
 * on every answer, and running its dozen middlewares per request cost the gateway's hot path more than setting them.
 */
function fixedHeadersOf(middleware: RequestHandler): FixedHeaders {
  const fixed: FixedHeaders = { set: [], removed: [] };
  const recorder = {
    setHeader: (name: string, value: unknown) => fixed.set.push([name, String(value)]),
    removeHeader: (name: string) => fixed.removed.push(name),
  };
  let done = false;
  middleware({} as Request, recorder as unknown as Response, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers at once');
  return fixed;
}

const apply = ({ set, removed }: FixedHeaders, res: Response): void => {
  for (const name of removed) res.removeHeader(name);
  for (const [name, value] of set) res.setHeader(name, value);
};

/** Every answer carries nosniff, DENY framing, no referrer and no X-Powered-By (ARCHITECTURE §19). */
export function securityHeaders(): RequestHandler {
  const pages = fixedHeadersOf(pageHeaders);
  const api = fixedHeadersOf(apiHeaders);
  return (req: Request, res: Response, next: NextFunction) => {
    apply(PAGES.test(req.path) ? pages : api, res);
    next();
  };
}
