import ivm from 'isolated-vm';
import { CodeSandbox, SandboxLimits } from '@crucible/application';

const MIN_MEMORY_MB = 8;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const TIMEOUT = 'crucible:sandbox-timeout';

/**
 * One fresh V8 isolate per run: the code sees plain JavaScript only (no require, process, fetch, timers or import),
 * arguments and result cross the boundary as copies, and the isolate is disposed whatever happens.
 */
export class IsolatedVmCodeSandbox extends CodeSandbox {
  async run(code: string, fnName: string, args: unknown[], limits: SandboxLimits): Promise<unknown> {
    if (!IDENTIFIER.test(fnName)) throw new Error(`Invalid function name: ${fnName}`);
    const memoryMb = Math.max(MIN_MEMORY_MB, Math.ceil(limits.memoryMb));
    const isolate = new ivm.Isolate({ memoryLimit: memoryMb });
    const deadline = Date.now() + limits.timeoutMs;
    const remaining = (): number => Math.max(1, deadline - Date.now());
    let timer: NodeJS.Timeout | undefined;
    // isolated-vm's own timeout only bounds running code; a promise that never settles needs a host-side clock.
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(TIMEOUT)), limits.timeoutMs);
    });
    try {
      const execution = this.execute(isolate, code, fnName, args, remaining);
      return await Promise.race([execution, expired]);
    } catch (error) {
      throw translate(error, limits.timeoutMs, memoryMb);
    } finally {
      clearTimeout(timer);
      if (!isolate.isDisposed) isolate.dispose();
    }
  }

  private async execute(
    isolate: ivm.Isolate,
    code: string,
    fnName: string,
    args: unknown[],
    remaining: () => number,
  ): Promise<unknown> {
    const context = await isolate.createContext();
    const script = await isolate.compileScript(code, { filename: 'evaluator.js' });
    await script.run(context, { timeout: remaining() });
    // A second script sees the first one's top-level `function`, `const` and `let` declarations alike.
    const lookup = await isolate.compileScript(`typeof ${fnName} === 'function' ? ${fnName} : undefined`);
    const fn = (await lookup.run(context, { reference: true, timeout: remaining() })) as ivm.Reference<unknown>;
    if (fn.typeof !== 'function') throw new Error(`The code does not define a function ${fnName}`);
    return fn.apply(undefined, args, {
      arguments: { copy: true },
      result: { copy: true, promise: true },
      timeout: remaining(),
    });
  }
}

const ERROR_TYPES: Record<string, ErrorConstructor> = { SyntaxError, TypeError, RangeError, ReferenceError, EvalError, URIError };

/**
 * Rebuilds the error in this realm: isolated-vm's errors (and anything user code throws, strings included) may come
 * from another realm, where `instanceof Error` is false.
 */
function translate(error: unknown, timeoutMs: number, memoryMb: number): Error {
  type ErrorFields = { name?: unknown; message?: unknown; stack?: unknown };
  const fields: ErrorFields = typeof error === 'object' && error !== null ? error : {};
  const message =
    typeof fields.message === 'string' ? fields.message : typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
  if (message === TIMEOUT || message === 'Script execution timed out.') {
    return new Error(`The code did not finish within ${timeoutMs} ms`);
  }
  if (message.startsWith('Isolate was disposed during execution due to memory limit')) return new Error(`The code exceeded the memory limit of ${memoryMb} MB`);
  const ErrorType = (typeof fields.name === 'string' && ERROR_TYPES[fields.name]) || Error;
  const translated = new ErrorType(message);
  if (typeof fields.stack === 'string') translated.stack = fields.stack;
  return translated;
}
