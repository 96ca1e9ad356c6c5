import type { NextFunction, Request, Response } from 'express';
import { findUntrustedInput } from '@crucible/domain';

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * One check over everything a JSON request carries, before any DTO, pipe or use case sees it (ARCHITECTURE §12):
 * NUL bytes, unpaired surrogates and nesting deeper than 64 answer 422 with `loc`, whatever validates the body
 * afterwards. Uploaded files are checked by the upload use case, on their parsed rows.
 */
export function rejectUntrustedInput(req: Request, res: Response, next: NextFunction): void {
  const issue =
    findUntrustedInput(decodedPath(req.path), ['path'])
    ?? findUntrustedInput(req.query, ['query'])
    ?? (req.body === undefined ? undefined : findUntrustedInput(req.body, ['body']));
  if (issue) {
    res.status(422).json({ detail: [issue] });
    return;
  }
  next();
}
