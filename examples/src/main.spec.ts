import { ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { MockLlmServer, startMockLlmServer } from '@crucible/mock-llm';

const WORKSPACE_ROOT = resolve(__dirname, '../..');

/** Runs an example exactly as the README says, on a free port, and returns its URL once it listens. */
function startExample(entry: string, env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', entry], {
    cwd: WORKSPACE_ROOT,
    env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.base.json', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((done, fail) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) done({ url: match[1], child });
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`${entry} exited with ${code}:\n${output}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

describe('examples start with one command', () => {
  let mock: MockLlmServer;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    mock = await startMockLlmServer();
  });
  afterAll(async () => {
    await Promise.all(children.map(stop));
    await mock.close();
  });

  it.each([
    ['examples/src/completion-app/main.ts', '/generate', { inputs: { input: 'Say hello.\nMOCK_REPLY: hello from main' } }, 'hello from main'],
    ['examples/src/rag-pipeline/main.ts', '/playground/run/embed', { inputs: { texts: ['a b'] } }, 64],
  ])('%s', async (entry, path, body, expected) => {
    const { url, child } = await startExample(entry, { OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'test' });
    children.push(child);
    const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: string | { dimensions: number } };
    expect(typeof data === 'string' ? data : data.dimensions).toBe(expected);
  });
});
