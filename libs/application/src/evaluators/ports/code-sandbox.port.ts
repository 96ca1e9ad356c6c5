export interface SandboxLimits {
  timeoutMs: number;
  memoryMb: number;
}

/** Runs untrusted user JavaScript away from the host: no modules, no process, no network, no file system. */
export abstract class CodeSandbox {
  /**
   * Evaluates `code`, then calls the global function `fnName` with copies of `args` and resolves with a copy of
   * what it returns (awaited when it is a promise). Rejects with the user's error message, or on time-out or memory limit.
   */
  abstract run(code: string, fnName: string, args: unknown[], limits: SandboxLimits): Promise<unknown>;
}
