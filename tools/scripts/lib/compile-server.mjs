// Compiles the server-side TypeScript (apps, libs, tools, examples) to CommonJS under dist/server with SWC and
// the settings of Jest's transform (.swcrc), path aliases rewritten to relative requires. The tree mirrors the
// sources: apps/api/src/main.ts becomes dist/server/apps/api/src/main.js.
// Run as a script (by build-steps.mjs, in a child process, so the compiler never stays in a server's memory).
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { listFiles } from './build-when-stale.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const TEST_FILE = /\.(spec|int-spec|e2e-spec)\.ts$|\.d\.ts$/;

export const SERVER_SOURCES = ['apps', 'libs', 'tools', 'examples'];
export const SERVER_SETTINGS = ['.swcrc', 'tsconfig.base.json', 'tools/scripts/lib/compile-server.mjs'];
export const isServerSource = (path) => path.endsWith('.ts') && !TEST_FILE.test(path) && !path.startsWith('apps/web/');
export const SERVER_OUT_DIR = join(ROOT, 'dist', 'server');

async function swcOptions() {
  const options = JSON.parse(await readFile(join(ROOT, '.swcrc'), 'utf8'));
  delete options.$schema;
  const { paths } = JSON.parse(await readFile(join(ROOT, 'tsconfig.base.json'), 'utf8')).compilerOptions;
  return { ...options, jsc: { ...options.jsc, baseUrl: ROOT, paths }, sourceMaps: true, swcrc: false };
}

/** Compiles into a fresh directory, then swaps it in: a process running the previous build keeps whole files. */
async function compileServer() {
  const swc = createRequire(import.meta.url)('@swc/core');
  const options = await swcOptions();
  const files = listFiles(ROOT, SERVER_SOURCES, isServerSource);
  const staging = `${SERVER_OUT_DIR}.${process.pid}`;
  await Promise.all(files.map(async (file) => {
    const target = join(staging, relative(ROOT, file)).replace(/\.ts$/, '.js');
    const { code, map } = await swc.transformFile(file, { ...options, filename: file, outputPath: target });
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, `${code}\n//# sourceMappingURL=${basename(target)}.map\n`);
    if (map) await writeFile(`${target}.map`, map);
  }));
  const previous = `${SERVER_OUT_DIR}.old.${process.pid}`;
  await rename(SERVER_OUT_DIR, previous).catch(() => undefined);
  await rename(staging, SERVER_OUT_DIR);
  await rm(previous, { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  compileServer().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
