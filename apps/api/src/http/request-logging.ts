import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { type Logger, stdSerializers } from 'pino';

/**
 * One access-log line per request, with its id (also answered as `x-request-id`, and kept as `req.id` for the
 * error filter's lines): at info, or at error for a 5xx answer.
 * Not pino-http, which serializes every request whether or not its line is written (docs/performance-history.md).
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    Object.assign(req, { id });
    res.setHeader('x-request-id', id);
    // Read now: routers rewrite `req.url` on the way down.
    const { method, url } = req;
    const startedAt = Date.now();
    const ended = (): void => {
      res.removeListener('finish', ended);
      res.removeListener('close', ended);
      const failed = res.statusCode >= 500;
      if (!logger.isLevelEnabled(failed ? 'error' : 'info')) return;
      const line = { request_id: id, req: { method, url }, res: stdSerializers.res(res), responseTime: Date.now() - startedAt };
      if (failed) logger.error({ ...line, error: { message: `failed with status code ${res.statusCode}` } }, 'request errored');
      else if (res.writableFinished) logger.info(line, 'request completed');
      else logger.info(line, 'request aborted: the connection closed before the answer was sent');
    };
    res.on('finish', ended);
    res.on('close', ended);
    next();
  };
}
