import { InvalidEnvironmentError } from './environment.schema';

/** A configuration mistake is the operator's to fix: say which variables, without a stack. Anything else gets one. */
export function reportStartupFailure(service: string, error: unknown): never {
  const detail = error instanceof InvalidEnvironmentError ? error.message : error instanceof Error ? error.stack : String(error);
  process.stderr.write(`${service} failed to start: ${detail}\n`);
  process.exit(1);
}
