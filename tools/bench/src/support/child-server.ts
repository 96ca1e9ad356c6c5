import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { withoutApiSettings } from './engine-environment';
import { workspaceRoot } from './workspace-root';

export interface ChildServer {
  url: string;
  child: ChildProcess;
}

/**
 * A TypeScript entry point (through SWC) in a process of its own, once it prints "listening on <url>": a service
 * deployed apart from the api, so what it spends is not taken from the api's event loop (nor the other way round).
 */
export function startChild(entry: string, env: Record<string, string>): Promise<ChildServer> {
  const root = workspaceRoot();
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(root, entry)], {
    cwd: root, stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...withoutApiSettings(), SWC_NODE_PROJECT: join(root, 'tsconfig.base.json'), ...env },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ url, child });
    });
    child.once('exit', (code) => reject(new Error(`${entry} exited (${code}) before listening`)));
  });
}

/** The example completion app on its own mock LLM (answering after `latencyMs`), each in its own process. */
export async function startCompletionApp(latencyMs: number, env: Record<string, string> = {}): Promise<{ url: string; close(): void }> {
  const mock = await startChild('tools/mock-llm/src/main.ts', { MOCK_LLM_PORT: '0', MOCK_LLM_LATENCY_MS: String(latencyMs) });
  try {
    const app = await startChild('examples/src/completion-app/main.ts', {
      PORT: '0', HOST: '127.0.0.1', OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'bench', LOG_LEVEL: 'warn', ...env,
    });
    return { url: app.url, close: () => [app, mock].forEach((server) => server.child.kill()) };
  } catch (error) {
    mock.child.kill();
    throw error;
  }
}
