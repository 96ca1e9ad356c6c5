// Builds the web console (apps/web → dist/apps/web): `npm run build:web` always, `--if-stale` only when the build is
// missing or older than its sources (the browser suite's global setup). Same step as `npm start` runs.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStale } from './lib/build-steps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
await buildStale(root, ['web'], { force: !process.argv.includes('--if-stale') });
