import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { toHttpError } from './exception.filter';
import type { RequestAuthenticator } from './request-authenticator';
import type { RouteTraits } from './route-table';

/** Whether the request announces a body (what body parsers look at too). */
export const carriesBody = (req: Request): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Answers a request with an error and drops the connection, so a body we refuse is never read nor drained: Node
 * closes a `Connection: close` socket once the answer is written.
 */
export function refuseUnread(res: Response, status: number, body: unknown): void {
  res.setHeader('connection', 'close');
  res.status(status).json(body);
}

/**
 * The credentials (API key or session cookie, with its CSRF checks) are checked before any body is read (ARCHITECTURE
 * §19): an unauthenticated client cannot make the api buffer megabytes. The caller found is kept on the request, so
 * ApiKeyGuard does not check them twice.
 */
export function keyBeforeBody(traitsOf: (method: string, path: string) => RouteTraits, authenticator: RequestAuthenticator): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!carriesBody(req) || traitsOf(req.method, req.path).isPublic) return next();
    try {
      await authenticator.caller(req, res);
    } catch (error) {
      const mapped = toHttpError(error);
      if (!mapped) return next(error);
      return refuseUnread(res, mapped.status, mapped.body);
    }
    next();
  };
}
