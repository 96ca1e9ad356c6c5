import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';

/** What is being handled: a request, or a job and the run it works on. Set once, read by pino's mixin. */
export interface LogContext {
  requestId?: string;
  jobId?: string;
  /** `evaluation_id` or `human_evaluation_id`, by the kind of run. */
  run?: { field: 'evaluation_id' | 'human_evaluation_id'; id: string };
}

/** pino's mixin adds the ids held here to every line logged meanwhile, whoever logs it. */
export const logContext = new AsyncLocalStorage<LogContext>();

function contextFields(): Record<string, string> {
  const context = logContext.getStore();
  if (!context) return {};
  if (context.jobId) return { job_id: context.jobId, ...(context.run ? { [context.run.field]: context.run.id } : {}) };
  return context.requestId ? { request_id: context.requestId } : {};
}

/** `level` is LOG_LEVEL from the parsed environment (tests that build apps in-process fall back to the raw one). */
export function createLogger(service: string, level?: string, destination?: DestinationStream): Logger {
  const options = {
    name: service,
    level: level ?? process.env['LOG_LEVEL'] ?? (process.env['NODE_ENV'] === 'test' ? 'silent' : 'info'),
    // Defence in depth for §12: should a secret-bearing object ever reach a log call, these fields print as [Redacted].
    redact: {
      paths: [
        'req.headers.authorization', 'headers.authorization', '*.key_hash', '*.keyHash', '*.parameters', '*.driverError',
        'err.query', '*.rawKey', '*.api_key',
      ],
    },
    mixin: contextFields,
  };
  return destination ? pino(options, destination) : pino(options);
}
