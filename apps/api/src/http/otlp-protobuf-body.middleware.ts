import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { OtlpProtobufError, decodeOtlpTraceRequest } from '@crucible/integrations';
import { refuseUnread } from './key-before-body.middleware';
import { tooLargeDetail } from './json-body.middleware';

export const OTLP_PROTOBUF = 'application/x-protobuf';

/** A request to `POST /v1/traces` in OTLP's protobuf encoding (what the Python, Go and Java exporters send by default). */
export const isOtlpProtobuf = (req: Request): boolean => req.method === 'POST' && req.path === '/v1/traces' && req.is(OTLP_PROTOBUF) === OTLP_PROTOBUF;

/**
 * Reads an OTLP protobuf body under the trace routes' limit (inflated first when it came gzipped; the limit counts
 * the inflated bytes, so a small gzip bomb is refused too) and decodes it into the structure the JSON encoding has,
 * so the route handles both alike. A body that is not an ExportTraceServiceRequest answers 400, as OTLP/HTTP says.
 */
export function otlpProtobufBody(maxTraceBodyBytes: number): RequestHandler {
  const raw = express.raw({ type: OTLP_PROTOBUF, limit: maxTraceBodyBytes });
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isOtlpProtobuf(req)) return next();
    if (Number(req.headers['content-length'] ?? 0) > maxTraceBodyBytes) return refuseUnread(res, 413, { detail: tooLargeDetail('traces', maxTraceBodyBytes) });
    raw(req, res, (error?: unknown) => {
      if ((error as { type?: unknown } | undefined)?.type === 'entity.too.large') {
        return refuseUnread(res, 413, { detail: tooLargeDetail('traces', maxTraceBodyBytes) });
      }
      // A gzip body that does not inflate: body-parser marks it 400 but with no type, which the error mapping would not know.
      const status = (error as { status?: unknown } | undefined)?.status;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        res.status(status).json({ detail: `the body could not be read: ${(error as Error).message}` });
        return;
      }
      if (error) return next(error);
      try {
        req.body = decodeOtlpTraceRequest(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
      } catch (decodeError) {
        if (!(decodeError instanceof OtlpProtobufError)) return next(decodeError);
        res.status(400).json({ detail: decodeError.message });
        return;
      }
      next();
    });
  };
}
