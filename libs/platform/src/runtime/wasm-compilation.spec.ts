import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { freedCompileMemoryIsReturned } from './wasm-compilation';

/** The environment `npm start` gives the api on the embedded database (tools/scripts/server-env.sh). */
function embeddedStartEnvironment(): NodeJS.ProcessEnv {
  const script = join(__dirname, '..', '..', '..', '..', 'tools', 'scripts', 'server-env.sh');
  const printed = execFileSync('sh', [script, process.execPath, '-e', 'process.stdout.write(JSON.stringify(process.env))'], {
    env: { PATH: process.env['PATH'] ?? '' }, encoding: 'utf8',
  });
  return JSON.parse(printed) as NodeJS.ProcessEnv;
}

describe('the WebAssembly compiler PGlite gets', () => {
  it('is optimising under npm start on the embedded database, whose glibc returns compile memory', () => {
    expect(freedCompileMemoryIsReturned('linux', embeddedStartEnvironment())).toBe(true);
  });

  it('is the baseline one when glibc keeps what TurboFan frees', () => {
    expect(freedCompileMemoryIsReturned('linux', {})).toBe(false);
    expect(freedCompileMemoryIsReturned('linux', { MALLOC_MMAP_THRESHOLD_: '65536' })).toBe(false);
    expect(freedCompileMemoryIsReturned('linux', { MALLOC_MMAP_THRESHOLD_: 'small' })).toBe(false);
    expect(freedCompileMemoryIsReturned('darwin', { MALLOC_MMAP_THRESHOLD_: '32768' })).toBe(false);
  });
});
