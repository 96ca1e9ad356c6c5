// The registry this project installs from serves only linux builds of packages with per-platform
// optional dependencies (@swc/core-darwin-arm64, …). `npm install` then leaves those out of the lockfile
// and `npm ci` refuses the lock as out of sync. This adds each missing optional package as an optional
// lock entry: npm ci accepts the lock, and on linux skips (or fails softly on) the builds it cannot fetch.
// Run after `npm install` changes the lockfile: node tools/scripts/lock-optional-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const path = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const exact = String(version).replace(/^[\^~=]/, '');
    packages[`node_modules/${name}`] = { version: exact, optional: true };
    added += 1;
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} optional platform entries to ${path}`);
