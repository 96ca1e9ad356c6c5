// `npm run build [-- --force] [step…]`: runs the build steps `npm start` needs (all by default) when stale.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_STEPS, buildStale } from './lib/build-steps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const names = args.filter((arg) => arg !== '--force');
const unknown = names.filter((name) => !BUILD_STEPS[name]);
if (unknown.length > 0) {
  console.error(`unknown build step ${unknown.join(', ')}; steps: ${Object.keys(BUILD_STEPS).join(', ')}`);
  process.exit(2);
}
await buildStale(root, names.length > 0 ? names : Object.keys(BUILD_STEPS), { force: args.includes('--force') });
