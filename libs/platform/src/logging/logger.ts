import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

/** The id of the request (or job) being handled; pino's mixin adds it to every line logged meanwhile. */
export const logContext = new AsyncLocalStorage<{ requestId?: string; jobId?: string }>();

/** `level` is LOG_LEVEL from the parsed environment (tests that build apps in-process fall back to the raw one). */
export function createLogger(service: string, level?: string): Logger {
  return pino({
    name: service,
    level: level ?? process.env['LOG_LEVEL'] ?? (process.env['NODE_ENV'] === 'test' ? 'silent' : 'info'),
    // Defence in depth for §12: should a secret-bearing object ever reach a log call, these fields print as [Redacted].
    redact: {
      paths: [
        'req.headers.authorization', 'headers.authorization', '*.key_hash', '*.keyHash', '*.parameters', '*.driverError',
        'err.query', '*.rawKey', '*.api_key',
      ],
    },
    mixin: () => {
      const context = logContext.getStore();
      if (!context) return {};
      return context.jobId ? { job_id: context.jobId } : { request_id: context.requestId };
    },
  });
}

/** Routes Nest's own messages (bootstrap, exceptions) through the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
