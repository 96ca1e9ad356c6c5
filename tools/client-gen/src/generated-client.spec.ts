import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GENERATED_TYPES_PATH } from './generated-types-path';

const root = join(__dirname, '..', '..', '..');

describe('libs/client generated types', () => {
  // openapi-typescript needs ESM packages that Jest's CJS runtime cannot load: generate in a real node process.
  it('match what the api code generates today (run `npm run generate:client` when this fails)', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(root, 'tools/scripts/start.mjs'), 'tools/client-gen/src/main.ts', '--stdout'],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', NODE_OPTIONS: '' }, maxBuffer: 64 * 1024 * 1024 },
    );
    expect(readFileSync(GENERATED_TYPES_PATH, 'utf8')).toBe(stdout);
  }, 180_000);
});
