import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const ROOT = join(__dirname, '..', '..', '..', '..');

/** What a process logging one line through createLogger prints, its stdout a pipe or (through script(1)) a terminal. */
function printed(stdout: 'pipe' | 'terminal'): string {
  const dir = mkdtempSync(join(tmpdir(), 'logger-spec-'));
  try {
    const program = join(dir, 'log-one-line.js');
    writeFileSync(program, [
      `const logger = require(${JSON.stringify(join(__dirname, 'logger.ts'))}).createLogger('crucible-probe', 'info');`,
      `logger.info({ run_id: 'r-7' }, 'run started');`,
      `logger.info({ request_id: 'q-1', req: { method: 'GET', url: '/health' }, res: { statusCode: 200, headers: {} }, responseTime: 4 }, 'request completed');`,
    ].join('\n'));
    const node = [process.execPath, '-r', '@swc-node/register', program];
    const [command, ...args] = stdout === 'pipe' ? node : ['script', '-qec', node.join(' '), '/dev/null'];
    const result = spawnSync(command!, args, {
      cwd: ROOT, encoding: 'utf8', env: { ...process.env, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json') },
    });
    if (result.status !== 0) throw new Error(`the probe failed: ${result.stderr}`);
    return result.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('createLogger', () => {
  it('writes JSON lines when stdout is not a terminal', () => {
    const lines = printed('pipe').trim().split('\n');

    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toEqual(expect.objectContaining({ level: 30, name: 'crucible-probe', msg: 'run started', run_id: 'r-7' }));
    expect(JSON.parse(lines[1]!)).toEqual(expect.objectContaining({ req: { method: 'GET', url: '/health' }, res: { statusCode: 200, headers: {} } }));
  });

  it('writes readable lines when stdout is a terminal, a request in one line', () => {
    const text = stripVTControlCharacters(printed('terminal')).replace(/\r/g, '').replace(/^\[\d\d:\d\d:\d\d\.\d{3}\] /gm, '[time] ');

    expect(text).toBe([
      '[time] INFO (crucible-probe): run started', '    run_id: "r-7"',
      '[time] INFO (crucible-probe): GET /health 200 in 4 ms, request completed', '    request_id: "q-1"', '',
    ].join('\n'));
  });
});
