export interface SandboxLimits {
  /** CPU time the code may use (measured as CPU, so a busy machine does not shrink anyone's budget). */
  cpuTimeMs: number;
  /** Backstop for code that uses no CPU but never finishes (a promise that never settles). */
  wallTimeMs: number;
  memoryMb: number;
}

/** Runs untrusted user JavaScript away from the host: no modules, no process, no network, no file system. */
export abstract class CodeSandbox {
  /**
   * Evaluates `code`, then calls the global function `fnName` with copies of `args` and resolves with a copy of
   * what it returns (awaited when it is a promise). Rejects with the user's error message, or on a CPU-time,
   * wall-time or memory limit. Implementations bound how many runs are alive at once and queue the rest.
   */
  abstract run(code: string, fnName: string, args: unknown[], limits: SandboxLimits): Promise<unknown>;
}
