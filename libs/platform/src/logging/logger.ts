import pino, { type DestinationStream, type Logger } from 'pino';
import { build as prettyStream } from 'pino-pretty';

/** An access-log line (apps/api request-logging) read on a terminal: one line, not its request and response objects. */
function terminalMessage(log: Record<string, unknown>, messageKey: string): string {
  const req = log['req'] as { method?: string; url?: string } | undefined;
  const res = log['res'] as { statusCode?: number } | undefined;
  const message = String(log[messageKey] ?? '');
  return req && res ? `${req.method} ${req.url} ${res.statusCode} in ${String(log['responseTime'])} ms, ${message}` : message;
}

/** Someone reads a terminal: one coloured line per entry, in this process (a transport's worker thread costs memory). */
function terminalStream(): DestinationStream {
  return prettyStream({
    colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,req,res,responseTime', messageFormat: terminalMessage,
  });
}

/**
 * `level` is LOG_LEVEL from the parsed environment (tests that build apps in-process fall back to the raw one).
 * Without a `destination`: readable lines when stdout is a terminal, JSON lines otherwise (a file, a pipe, a collector).
 */
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
  return pino(options, destination ?? (process.stdout.isTTY ? terminalStream() : undefined));
}
