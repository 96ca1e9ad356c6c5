// tsc keeps imports of workspace packages (`@crucible/contracts`, `@crucible/client`) as written, but a published
// package cannot depend on those unpublished ones. tsc already emitted a copy of the imported package into the
// same dist (see the tsconfig.lib.json of the package being built), so point every import of it at that copy.
// usage: node tools/scripts/inline-workspace-package.mjs <dist> <emitted sources under dist> <alias> <alias entry under dist>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const [dist, sources, alias, entry] = process.argv.slice(2);
if (!dist || !sources || !alias || !entry) {
  console.error('usage: inline-workspace-package.mjs <dist> <emitted sources under dist> <alias> <alias entry under dist>');
  process.exit(2);
}
const target = join(resolve(dist), entry);
const pattern = new RegExp(`(["'])${alias.replace(/[/.]/g, '\\$&')}\\1`, 'g');

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

let rewritten = 0;
for (const file of walk(join(resolve(dist), sources))) {
  if (!file.endsWith('.js') && !file.endsWith('.d.ts')) continue;
  const source = readFileSync(file, 'utf8');
  if (!source.match(pattern)) continue;
  let path = relative(dirname(file), target).split(sep).join('/');
  if (!path.startsWith('.')) path = `./${path}`;
  writeFileSync(file, source.replace(pattern, (_match, quote) => `${quote}${path}${quote}`));
  rewritten++;
}
console.log(`inline ${alias}: rewrote ${rewritten} files`);
