import { DataDirectoryInUseError } from '@crucible/persistence';
import { SecretKeyMismatchError } from '@crucible/application';
import { InvalidEnvironmentError } from './environment.schema';

/**
 * A configuration mistake (bad variables, a data directory another process holds) is the operator's to fix: say
 * what, without a stack. Anything else gets one.
 */
export function reportStartupFailure(service: string, error: unknown): never {
  const operatorError = error instanceof InvalidEnvironmentError || error instanceof DataDirectoryInUseError
    || error instanceof SecretKeyMismatchError;
  const detail = operatorError ? error.message : error instanceof Error ? error.stack : String(error);
  process.stderr.write(`${service} failed to start: ${detail}\n`);
  process.exit(1);
}
