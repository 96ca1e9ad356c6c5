import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freedCompileMemoryIsReturned } from './wasm-compilation';

/** The variables an npm script sets before `node` (`A=1 B=2 node …`). */
function scriptEnvironment(name: string): NodeJS.ProcessEnv {
  const { scripts } = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const assignments = /^((?:\w+=\S+\s+)*)node\b/.exec(scripts[name]!)![1]!;
  return Object.fromEntries(assignments.trim().split(/\s+/).filter(Boolean).map((pair) => pair.split('=') as [string, string]));
}

describe('the WebAssembly compiler PGlite gets', () => {
  it('is optimising under npm start and npm run bench, whose glibc returns compile memory', () => {
    expect(freedCompileMemoryIsReturned('linux', scriptEnvironment('start'))).toBe(true);
    expect(freedCompileMemoryIsReturned('linux', scriptEnvironment('bench'))).toBe(true);
  });

  it('is the baseline one when glibc keeps what TurboFan frees', () => {
    expect(freedCompileMemoryIsReturned('linux', {})).toBe(false);
    expect(freedCompileMemoryIsReturned('linux', { MALLOC_MMAP_THRESHOLD_: '65536' })).toBe(false);
    expect(freedCompileMemoryIsReturned('linux', { MALLOC_MMAP_THRESHOLD_: 'small' })).toBe(false);
    expect(freedCompileMemoryIsReturned('darwin', { MALLOC_MMAP_THRESHOLD_: '32768' })).toBe(false);
  });
});
