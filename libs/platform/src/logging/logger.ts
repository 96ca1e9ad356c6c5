import pino, { type DestinationStream, type Logger } from 'pino';

/** `level` is LOG_LEVEL from the parsed environment (tests that build apps in-process fall back to the raw one). */
export function createLogger(service: string, level?: string, destination?: DestinationStream): Logger {
  const options = {
    name: service,
    level: level ?? process.env['LOG_LEVEL'] ?? (process.env['NODE_ENV'] === 'test' ? 'silent' : 'info'),
    // Defence in depth for §12: should a secret-bearing object ever reach a log call, these fields print as [Redacted].
    redact: {
      paths: [
        'req.headers.authorization', 'headers.authorization', '*.key_hash', '*.keyHash', '*.parameters', '*.driverError',
        'err.query', '*.rawKey', '*.api_key', '*.apiKey', 'req.headers["x-api-key"]',
      ],
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
