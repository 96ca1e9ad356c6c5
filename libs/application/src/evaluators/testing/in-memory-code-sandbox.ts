import { createContext, runInContext } from 'node:vm';
import { CodeSandbox, SandboxLimits } from '../ports/code-sandbox.port';

/**
 * Runs code in a fresh node:vm context with the CPU limit as a synchronous time limit. Good enough for unit tests of trusted
 * snippets; node:vm is no security boundary and the memory limit is not enforced — production uses isolated-vm.
 */
export class InMemoryCodeSandbox extends CodeSandbox {
  readonly runs: { fnName: string; args: unknown[]; limits: SandboxLimits }[] = [];

  async run(code: string, fnName: string, args: unknown[], limits: SandboxLimits): Promise<unknown> {
    this.runs.push({ fnName, args, limits });
    if (!/^[A-Za-z_$][\w$]*$/.test(fnName)) throw new Error(`Invalid function name ${fnName}`);
    const context = createContext({ __args: structuredClone(args) });
    runInContext(code, context, { timeout: limits.cpuTimeMs, filename: 'evaluator.js' });
    if (runInContext(`typeof ${fnName}`, context) !== 'function') {
      throw new Error(`The code does not define a function ${fnName}`);
    }
    const returned: unknown = runInContext(`${fnName}(...__args)`, context, { timeout: limits.cpuTimeMs });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Code timed out after ${limits.wallTimeMs} ms`)), limits.wallTimeMs);
    });
    try {
      return structuredClone(await Promise.race([Promise.resolve(returned), timeout]));
    } finally {
      clearTimeout(timer);
    }
  }
}
