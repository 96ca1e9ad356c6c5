// Builds the web console (apps/web → dist/apps/web): `--if-stale` only when its build is missing or older than
// its sources (the shared `web` build step, also run by `npm start`), otherwise unconditionally.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStale } from './lib/build-steps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
await buildStale(root, ['web'], { force: !process.argv.includes('--if-stale') });
