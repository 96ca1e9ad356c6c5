import type { NextFunction, Request, Response } from 'express';
import { findUntrustedInput } from '@crucible/domain';
import { type RequestPart, presentViolation } from '../presenters/input-violation.presenter';

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Trace ingest checks each trace (or span) on its own, so that one bad trace is refused alone (partial success). */
const CHECKED_PER_ITEM = new Set(['/traces', '/v1/traces']);
const bodyCheckedPerItem = (req: Request): boolean => req.method === 'POST' && CHECKED_PER_ITEM.has(req.path);

/**
 * One check over everything a JSON request carries, before any DTO, pipe or use case sees it (ARCHITECTURE §12):
 * NUL bytes, unpaired surrogates and nesting deeper than 64 answer 422 with `loc`, whatever validates the body
 * afterwards. Uploaded files are checked by the upload use case, on their parsed rows; trace ingest, per trace.
 */
export function rejectUntrustedInput(req: Request, res: Response, next: NextFunction): void {
  const parts: Array<[RequestPart, unknown]> = [['path', decodedPath(req.path)], ['query', req.query]];
  if (!bodyCheckedPerItem(req)) parts.push(['body', req.body]);
  for (const [part, value] of parts) {
    const violation = value === undefined ? undefined : findUntrustedInput(value);
    if (violation) {
      res.status(422).json({ detail: [presentViolation(violation, part)] });
      return;
    }
  }
  next();
}
