import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';

const CONSOLE_PATH = '/ui';
const ASSETS = /^\/ui\/assets\//;

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
  // Hashed file names never change content: cache them for good; index.html is always asked again.
  router.use(CONSOLE_PATH, express.static(directory, { index: false, immutable: true, maxAge: '365d', redirect: false }));
  router.get(/^\/ui\/.*/, (req: Request, res: Response) => {
    if (!existsSync(indexFile)) {
      res.status(404).type('text/plain').send('The web console is not built: run `npm run build:web` (`npm start` builds it when missing).');
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
