import type { Logger as PinoInstance } from 'pino';
import { Logger, PinoLogger } from 'nestjs-pino';

/** Nest's start-up chatter: one line per module and per route, useful only when debugging. */
const CHATTY_CONTEXTS = new Set(['RoutesResolver', 'RouterExplorer', 'InstanceLoader']);

/**
 * nestjs-pino's Nest logger on our pino instance (JSON lines like ours, at our level), with the
 * route-mapping and module-loading lines moved down to debug.
 */
export class CrucibleNestLogger extends Logger {
  constructor(logger: PinoInstance) {
    super(new PinoLogger({ pinoHttp: { logger } }), {});
  }

  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && CHATTY_CONTEXTS.has(context)) {
      super.debug(message, ...optionalParams);
      return;
    }
    super.log(message, ...optionalParams);
  }
}
