import { existsSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';

const CONSOLE_PATH = '/ui';
const ASSETS = /^\/ui\/assets\//;
/** The copies tools/scripts/lib/compile-web.mjs writes beside each text file, best first. */
const PRECOMPRESSED = [{ encoding: 'br', suffix: '.br' }, { encoding: 'gzip', suffix: '.gz' }] as const;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT = '<!doctype html><meta http-equiv="refresh" content="3"><title>Crucible</title>'
  + '<p>The web console is being built (<code>npm start</code> builds it when missing; <code>npm run build:web</code> builds it by hand). '
  + 'This page reloads by itself.</p>';

/**
 * Hashed file names (assets/) never change content: cached for good; anything else (index.html) is asked again.
 * A precompressed copy is sent with the encoding and type of the file it stands for.
 */
function consoleHeaders(directory: string) {
  const assets = join(resolve(directory), 'assets', sep);
  return (res: Response, path: string): void => {
    res.setHeader('cache-control', path.startsWith(assets) ? IMMUTABLE : 'no-cache');
    res.vary('Accept-Encoding');
    const copy = PRECOMPRESSED.find(({ suffix }) => path.endsWith(suffix));
    if (!copy) return;
    res.setHeader('content-encoding', copy.encoding);
    res.type(extname(path.slice(0, -copy.suffix.length)));
  };
}

/** Serves `x.br` or `x.gz` for `x` when the client accepts that encoding and the build has the copy, else `x`. */
function precompressedFirst(files: express.RequestHandler) {
  return (req: Request, res: Response, next: NextFunction) => {
    // Ours first, not the client's order: browsers list gzip before br, which is smaller.
    const copy = PRECOMPRESSED.find(({ encoding }) => req.acceptsEncodings(encoding) === encoding);
    if (!copy || req.path.endsWith('/')) return next();
    const url = req.url;
    const query = url.indexOf('?');
    req.url = query < 0 ? `${url}${copy.suffix}` : `${url.slice(0, query)}${copy.suffix}${url.slice(query)}`;
    files(req, res, (error?: unknown) => {
      req.url = url;
      next(error);
    });
  };
}

/**
 * The web console (ARCHITECTURE §8): its build served at /ui/ with index.html for every client-side route under
 * /ui (never elsewhere: API paths keep answering JSON 404s), and `GET /` from a browser sent there.
 */
export function consoleStatic(directory: string): Router {
  const router = express.Router({ strict: true });
  const indexFile = join(directory, 'index.html');
  router.get('/', (req: Request, res: Response, next: NextFunction) => {
    if (req.accepts(['json', 'html']) === 'html') return res.redirect(302, `${CONSOLE_PATH}/`);
    next();
  });
  router.get(CONSOLE_PATH, (_req: Request, res: Response) => res.redirect(301, `${CONSOLE_PATH}/`));
  const files = express.static(directory, { index: false, cacheControl: false, redirect: false, setHeaders: consoleHeaders(directory) });
  router.use(CONSOLE_PATH, precompressedFirst(files), files);
  router.get(/^\/ui\/.*/, (req: Request, res: Response) => {
    if (!existsSync(indexFile)) {
      // Only before the first build is in (npm start builds it beside the starting api): a page that asks again.
      res.status(503).setHeader('retry-after', '3');
      res.setHeader('cache-control', 'no-store');
      res.type('html').send(NOT_BUILT);
      return;
    }
    if (ASSETS.test(req.path)) {
      res.status(404).type('text/plain').send('No such console asset.');
      return;
    }
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
