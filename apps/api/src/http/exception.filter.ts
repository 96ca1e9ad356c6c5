import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { DomainError, type DomainErrorCode, redactUrlsIn } from '@crucible/domain';
import { isDatabaseUnavailable } from '@crucible/persistence';
import { loggableError } from '@crucible/platform';
import { presentViolation } from '../presenters/input-violation.presenter';
import { RequestValidationError } from './validation-error';

const STATUS_BY_CODE: Record<DomainErrorCode, number> = {
  not_found: 404,
  conflict: 409,
  invalid_state: 409,
  rule_violation: 400,
  unauthorized: 401,
  forbidden: 403,
  invalid_input: 422,
  upstream_failure: 502,
  too_busy: 429,
  unavailable: 503,
  gone: 410,
  too_many_requests: 429,
};

/** Body-parser failures reach us as plain errors carrying a `type` and `status`. */
interface BodyParserError {
  type: string;
  status?: number;
  message: string;
  body?: string;
}

const isBodyParserError = (error: unknown): error is BodyParserError =>
  typeof error === 'object' && error !== null && typeof (error as { type?: unknown }).type === 'string'
  && typeof (error as { status?: unknown }).status === 'number';

export function toHttpError(error: unknown): { status: number; body: unknown; headers?: Record<string, string> } | null {
  if (error instanceof RequestValidationError) return { status: 422, body: { detail: error.detail } };
  if (error instanceof DomainError && error.code === 'invalid_input') {
    // Fields a controller did not place elsewhere (withFieldLocations) arrived in the body.
    return { status: 422, body: { detail: error.violations.map((violation) => presentViolation(violation, 'body')) } };
  }
  if (error instanceof DomainError) {
    const retryAfter = error.retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(Math.max(1, Math.ceil(error.retryAfterSeconds))) };
    // A message may name a service's URL: whatever produced it, its credentials never reach a client.
    return { status: STATUS_BY_CODE[error.code], body: { detail: redactUrlsIn(error.message) }, ...(retryAfter ? { headers: retryAfter } : {}) };
  }
  if (isBodyParserError(error)) {
    if (error.type === 'entity.parse.failed') {
      return { status: 422, body: { detail: RequestValidationError.of('body', [], `JSON decode error: ${error.message}`, 'malformed_json').detail } };
    }
    return { status: error.status ?? 400, body: { detail: error.message } };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: { detail: 'the database is unreachable; try again shortly' } };
  }
  if (error instanceof HttpException) {
    const response = error.getResponse();
    const message = typeof response === 'string' ? response : (response as { message?: unknown }).message ?? error.message;
    return { status: error.getStatus(), body: { detail: Array.isArray(message) ? message.join('; ') : message } };
  }
  return null;
}

/** The one place error codes become HTTP; anything unmapped is a bug, logged and answered 500 without internals. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const mapped = toHttpError(error);
    if (mapped) {
      if (mapped.headers) response.set(mapped.headers);
      response.status(mapped.status).json(mapped.body);
      return;
    }
    const request = host.switchToHttp().getRequest<{ id?: unknown }>();
    this.logger.error({ request_id: request.id, error: loggableError(error) }, 'unhandled error');
    response.status(500).json({ detail: 'internal server error' });
  }
}
