import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const SCRIPT = join(__dirname, '..', '..', 'tools', 'scripts', 'server-env.sh');

/** What `npm start`'s wrapper hands the api: the mmap threshold it sees, or "unset". */
function thresholdSeen(env: Record<string, string>): string {
  return execFileSync('sh', [SCRIPT, process.execPath, '-e', `process.stdout.write(process.env.MALLOC_MMAP_THRESHOLD_ ?? 'unset')`], {
    env: { PATH: process.env['PATH'] ?? '', ...env }, encoding: 'utf8',
  });
}

describe('the environment npm start gives the api', () => {
  it('sets the mmap threshold of glibc on the embedded database only', () => {
    expect(thresholdSeen({})).toBe('131072');
    expect(thresholdSeen({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/crucible' })).toBe('unset');
  });

  it('keeps a threshold the user set, on either database', () => {
    expect(thresholdSeen({ MALLOC_MMAP_THRESHOLD_: '65536' })).toBe('65536');
    expect(thresholdSeen({ MALLOC_MMAP_THRESHOLD_: '65536', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/crucible' })).toBe('65536');
  });
});
