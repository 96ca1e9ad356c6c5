import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { logContext } from '@crucible/platform';

/** One access-log line per request, and the request id on every line logged while it is handled. */
export function requestLogging(logger: Logger) {
  const httpLogger = pinoHttp({
    logger,
    genReqId: (req, res) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }) },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    httpLogger(req, res);
    logContext.run({ requestId: String(req.id) }, next);
  };
}
