import { ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const WORKSPACE_ROOT = resolve(__dirname, '../../../..');

export interface MockLlmProcess {
  /** Base URL ending in /v1. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts tools/mock-llm through its CLI in a child process. The SDK may not import tooling
 * projects (module boundaries), so its tests talk to the real server over HTTP like any client.
 */
export function startMockLlmProcess(env: Record<string, string> = {}): Promise<MockLlmProcess> {
  const child: ChildProcess = spawn(process.execPath, ['-r', '@swc-node/register', 'tools/mock-llm/src/main.ts'], {
    cwd: WORKSPACE_ROOT,
    env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.base.json', MOCK_LLM_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((resolveStart, rejectStart) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+\/v1)/.exec(output);
      if (!match) return;
      child.stdout?.off('data', onData);
      resolveStart({
        url: match[1],
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => rejectStart(new Error(`mock-llm exited with code ${code} before listening:\n${output}`)));
  });
}
