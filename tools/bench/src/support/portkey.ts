import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const VERSION = '1.15.2';
/** A scratch folder of the bench's own, never the project's node_modules. */
const SCRATCH = join(tmpdir(), `crucible-bench-portkey-${VERSION}`);
const ENTRY = join(SCRATCH, 'node_modules', '@portkey-ai', 'gateway', 'build', 'start-server.js');

function install(): Promise<void> {
  if (existsSync(ENTRY)) return Promise.resolve();
  mkdirSync(SCRATCH, { recursive: true });
  return new Promise((resolve, reject) => {
    execFile('npm', ['install', '--prefix', SCRATCH, '--no-audit', '--no-fund', '--no-save', `@portkey-ai/gateway@${VERSION}`], { maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) => (error ? reject(new Error(`npm install @portkey-ai/gateway@${VERSION} failed: ${stderr || error.message}`)) : resolve()));
  });
}

/** Portkey's gateway takes a port, not 0: one the system just handed out is free. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

export interface PortkeyGateway {
  url: string;
  /** Headers that send a call to the mock at `mockUrl` (…/v1) as an OpenAI provider. */
  headersFor(mockUrl: string): Record<string, string>;
  close(): void;
}

/** The Portkey AI gateway (`@portkey-ai/gateway`, installed into a scratch folder on first use), in a process of its own. */
export async function startPortkey(): Promise<PortkeyGateway> {
  await install();
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [ENTRY, `--port=${port}`, '--headless'], {
    cwd: SCRATCH, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' },
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready for connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the Portkey gateway exited (${code}) before listening: ${output.slice(-500)}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    headersFor: (mockUrl) => ({
      'content-type': 'application/json', authorization: 'Bearer bench', 'x-portkey-provider': 'openai', 'x-portkey-custom-host': mockUrl,
    }),
    close: () => void child.kill(),
  };
}
