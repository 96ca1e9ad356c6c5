import { availableParallelism } from 'node:os';
import type ivm from 'isolated-vm';
import pLimit from 'p-limit';
import { CodeSandbox, type SandboxLimits } from '@crucible/application';
import { type SandboxFailure, translateSandboxError } from './sandbox-errors';

const MIN_MEMORY_MB = 8;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** How often the host reads an isolate's CPU clock; a run overshoots its budget by at most about this. */
const CPU_POLL_MS = 10;

export interface SandboxOptions {
  /** Isolates alive at once in this process; further runs wait their turn (their clocks start when they run). */
  maxIsolates: number;
}

/** Without CRUCIBLE_SANDBOX_MAX_ISOLATES (read by libs/platform): one isolate per core, at least two. */
export const defaultMaxIsolates = (): number => Math.max(2, availableParallelism());

/**
 * One fresh V8 isolate per run: the code sees plain JavaScript only (no require, process, fetch, timers or import),
 * arguments and result cross the boundary as copies, and the isolate is disposed whatever happens. At most
 * `maxIsolates` exist at once whatever the evaluation's batch_size, so memory stays bounded by
 * maxIsolates × memoryMb; the time limit is CPU time, so queued or descheduled runs are not cut short.
 */
export class IsolatedVmCodeSandbox extends CodeSandbox {
  private readonly slots: pLimit.Limit;
  private live = 0;
  private peak = 0;

  constructor(options: SandboxOptions = { maxIsolates: defaultMaxIsolates() }) {
    super();
    this.slots = pLimit(options.maxIsolates);
  }

  /** Isolates alive now and the most alive at once since start. */
  isolates(): { live: number; peak: number } {
    return { live: this.live, peak: this.peak };
  }

  run(code: string, fnName: string, args: unknown[], limits: SandboxLimits): Promise<unknown> {
    if (!IDENTIFIER.test(fnName)) return Promise.reject(new Error(`Invalid function name: ${fnName}`));
    return this.slots(() => this.runInFreshIsolate(code, fnName, args, limits));
  }

  private async runInFreshIsolate(code: string, fnName: string, args: unknown[], limits: SandboxLimits): Promise<unknown> {
    const memoryMb = Math.max(MIN_MEMORY_MB, Math.ceil(limits.memoryMb));
    // Loaded on first use: only custom-code evaluators need it, so most processes never pay for it.
    const { default: isolatedVm } = await import('isolated-vm');
    const isolate = new isolatedVm.Isolate({ memoryLimit: memoryMb });
    this.live += 1;
    this.peak = Math.max(this.peak, this.live);
    let stopped: SandboxFailure | undefined;
    const stop = (reason: SandboxFailure) => {
      stopped ??= reason;
      if (!isolate.isDisposed) isolate.dispose();
    };
    const cpuBudgetNs = BigInt(Math.round(limits.cpuTimeMs * 1e6));
    const watchdog = setInterval(() => {
      if (!isolate.isDisposed && isolate.cpuTime > cpuBudgetNs) stop('cpu');
    }, CPU_POLL_MS);
    // A promise that never settles uses no CPU: only a wall clock ends it.
    let wallTimer: NodeJS.Timeout | undefined;
    const wallExpired = new Promise<never>((_, reject) => {
      wallTimer = setTimeout(() => {
        stop('wall');
        reject(new Error('wall time'));
      }, limits.wallTimeMs);
    });
    try {
      return await Promise.race([execute(isolate, code, fnName, args), wallExpired]);
    } catch (error) {
      throw translateSandboxError(error, stopped, { ...limits, memoryMb });
    } finally {
      clearInterval(watchdog);
      clearTimeout(wallTimer);
      if (!isolate.isDisposed) isolate.dispose();
      this.live -= 1;
    }
  }
}

async function execute(isolate: ivm.Isolate, code: string, fnName: string, args: unknown[]): Promise<unknown> {
  const context = await isolate.createContext();
  const script = await isolate.compileScript(code, { filename: 'evaluator.js' });
  await script.run(context);
  // A second script sees the first one's top-level `function`, `const` and `let` declarations alike.
  const lookup = await isolate.compileScript(`typeof ${fnName} === 'function' ? ${fnName} : undefined`);
  const fn = (await lookup.run(context, { reference: true })) as ivm.Reference<unknown>;
  if (fn.typeof !== 'function') throw new Error(`The code does not define a function ${fnName}`);
  return fn.apply(undefined, args, { arguments: { copy: true }, result: { copy: true, promise: true } });
}
