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

/** Every answer carries nosniff, DENY framing, no referrer and no X-Powered-By (ARCHITECTURE §19). */
export function securityHeaders(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => (PAGES.test(req.path) ? pageHeaders : apiHeaders)(req, res, next);
}
