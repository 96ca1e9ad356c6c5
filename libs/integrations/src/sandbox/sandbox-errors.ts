import type { SandboxLimits } from '@crucible/application';

/** Why the host stopped a run, when it did. */
export type SandboxFailure = 'cpu' | 'wall';

const ERROR_TYPES: Record<string, ErrorConstructor> = { SyntaxError, TypeError, RangeError, ReferenceError, EvalError, URIError };

/**
 * Rebuilds the error in this realm: isolated-vm's errors (and anything user code throws, strings included) may come
 * from another realm, where `instanceof Error` is false. A run the host stopped says which limit it hit.
 */
export function translateSandboxError(error: unknown, stopped: SandboxFailure | undefined, limits: SandboxLimits): Error {
  if (stopped === 'cpu') return new Error(`The code used more than ${limits.cpuTimeMs} ms of CPU time`);
  if (stopped === 'wall') return new Error(`The code did not finish within ${limits.wallTimeMs} ms`);
  type ErrorFields = { name?: unknown; message?: unknown; stack?: unknown };
  const fields: ErrorFields = typeof error === 'object' && error !== null ? error : {};
  const message =
    typeof fields.message === 'string' ? fields.message : typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
  if (message.startsWith('Isolate was disposed during execution due to memory limit')) {
    return new Error(`The code exceeded the memory limit of ${limits.memoryMb} MB`);
  }
  const ErrorType = (typeof fields.name === 'string' && ERROR_TYPES[fields.name]) || Error;
  const translated = new ErrorType(message);
  if (typeof fields.stack === 'string') translated.stack = fields.stack;
  return translated;
}
