import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { HttpBodyLimits } from '@crucible/platform';
import type { BodyLimitKind } from './body-limit.decorator';
import type { RouteTraits } from './route-table';
import { refuseUnread } from './key-before-body.middleware';

const VARIABLE: Record<BodyLimitKind, string> = {
  ordinary: 'CRUCIBLE_MAX_BODY_BYTES',
  traces: 'CRUCIBLE_MAX_TRACE_BODY_BYTES',
  upload: 'CRUCIBLE_MAX_UPLOAD_BYTES',
};

const bytesOf = (limits: HttpBodyLimits): Record<BodyLimitKind, number> => ({
  ordinary: limits.maxBodyBytes, traces: limits.maxTraceBodyBytes, upload: limits.maxUploadBytes,
});

export const formatBytes = (bytes: number): string =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB`
    : bytes >= 1024 && bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`;

export const tooLargeDetail = (kind: BodyLimitKind, bytes: number): string =>
  `request body over the ${formatBytes(bytes)} limit of this route (${VARIABLE[kind]})`;

const isTooLarge = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'entity.too.large';

/**
 * JSON bodies read under the route's own limit (§19). A declared Content-Length over it is refused unread; a
 * chunked body is cut off where it passes the limit. Either answers 413 naming the limit and its variable.
 */
export function jsonBody(traitsOf: (method: string, path: string) => RouteTraits, limits: HttpBodyLimits): RequestHandler {
  const bytes = bytesOf(limits);
  const parsers: Record<BodyLimitKind, ReturnType<typeof express.json>> = {
    ordinary: express.json({ limit: bytes.ordinary }), traces: express.json({ limit: bytes.traces }), upload: express.json({ limit: bytes.upload }),
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const kind = traitsOf(req.method, req.path).bodyLimit;
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > bytes[kind]) return refuseUnread(res, 413, { detail: tooLargeDetail(kind, bytes[kind]) });
    parsers[kind](req, res, (error?: unknown) => {
      if (isTooLarge(error)) return refuseUnread(res, 413, { detail: tooLargeDetail(kind, bytes[kind]) });
      next(error);
    });
  };
}
