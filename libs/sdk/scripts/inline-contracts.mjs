// tsc keeps `@crucible/contracts` as written, but the published SDK cannot depend on that unpublished
// workspace package. tsc already emitted a copy of contracts into dist/contracts (see tsconfig.lib.json),
// so point every import of it at that copy with a relative path.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const contractsEntry = join(dist, 'contracts', 'src', 'index');
const pattern = /(["'])@crucible\/contracts\1/g;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

let rewritten = 0;
for (const file of walk(join(dist, 'sdk'))) {
  if (!file.endsWith('.js') && !file.endsWith('.d.ts')) continue;
  const source = readFileSync(file, 'utf8');
  if (!pattern.test(source)) continue;
  let target = relative(dirname(file), contractsEntry).split(sep).join('/');
  if (!target.startsWith('.')) target = `./${target}`;
  writeFileSync(file, source.replace(pattern, (_match, quote) => `${quote}${target}${quote}`));
  rewritten++;
}
console.log(`inline-contracts: rewrote @crucible/contracts in ${rewritten} files`);
