// Builds the web console with Vite into a fresh directory under dist/apps/web-builds, writes a brotli and a gzip copy
// of each text file beside it, and swaps it in: dist/apps/web is a symbolic link replaced by one rename, so the api
// serves the whole previous build until it serves the whole new one (never an empty or half-written directory).
// Run as a script (by build-steps.mjs, in a child process, at the lowest CPU priority beside a starting server).
import { existsSync, realpathSync } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const WEB_DIR = join(ROOT, 'dist', 'apps', 'web');
const BUILDS_DIR = join(ROOT, 'dist', 'apps', 'web-builds');
const MANIFEST = join('.vite', 'manifest.json');
const PARTIAL = '.partial';
/** Worth compressing: text. Below 1 KB a compressed copy saves less than its headers cost. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

const compressors = {
  br: (data) => promisify(brotliCompress)(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  }),
  gz: (data) => promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION }),
};

async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** The files a build emitted, from its Vite manifest (none for a build without one). */
async function ownFiles(buildDir) {
  const manifest = JSON.parse(await readFile(join(buildDir, MANIFEST), 'utf8').catch(() => '{}'));
  return [...new Set(Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]))];
}

/**
 * A page loaded from the previous build asks for that build's chunks when it navigates: they are copied into the new
 * one (not its own manifest, so each build carries only its predecessor's files).
 */
async function carryPrevious(buildDir) {
  if (!existsSync(WEB_DIR)) return;
  const previous = realpathSync(WEB_DIR);
  for (const file of await ownFiles(previous)) {
    for (const suffix of ['', '.br', '.gz']) {
      const target = join(buildDir, file + suffix);
      if (existsSync(join(previous, file + suffix)) && !existsSync(target)) {
        await mkdir(dirname(target), { recursive: true });
        await copyFile(join(previous, file + suffix), target);
      }
    }
  }
}

/** `x.js.br` and `x.js.gz` beside each text file, kept only where smaller; the api picks one by Accept-Encoding. */
async function precompress(buildDir) {
  const files = (await filesUnder(buildDir)).filter((file) => COMPRESSIBLE.test(file) && !relative(buildDir, file).startsWith('.vite'));
  await Promise.all(files.map(async (file) => {
    const data = await readFile(file);
    if (data.length < MIN_BYTES) return;
    for (const [suffix, compress] of Object.entries(compressors)) {
      const compressed = await compress(data);
      if (compressed.length < data.length) await writeFile(`${file}.${suffix}`, compressed);
    }
  }));
}

/** Points dist/apps/web at `buildDir` with one rename (atomic); a directory left by an older layout is replaced once. */
async function swapIn(buildDir) {
  const link = `${WEB_DIR}.${process.pid}`;
  await rm(link, { force: true });
  await symlink(relative(dirname(WEB_DIR), buildDir), link);
  try {
    await rename(link, WEB_DIR);
  } catch (error) {
    if (error.code !== 'EISDIR' && error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    await rm(WEB_DIR, { recursive: true, force: true });
    await rename(link, WEB_DIR);
  }
}

const isRunning = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/**
 * Keeps the current build and the one before it (a request that began before the swap may still be reading it);
 * removes older ones and what a build that died midway left.
 */
async function removeOldBuilds(current) {
  const names = (await readdir(BUILDS_DIR)).sort();
  const finished = names.filter((name) => !name.endsWith(PARTIAL) && name !== basename(current));
  const stale = [
    ...finished.slice(0, -1),
    ...names.filter((name) => name.endsWith(PARTIAL) && !isRunning(Number.parseInt(name.split('-')[1], 10))),
  ];
  await Promise.all(stale.map((name) => rm(join(BUILDS_DIR, name), { recursive: true, force: true })));
}

async function compileWeb() {
  const { build } = await import('vite');
  const id = `${Date.now()}-${process.pid}`;
  const staging = join(BUILDS_DIR, `${id}${PARTIAL}`);
  await build({ configFile: join(ROOT, 'apps', 'web', 'vite.config.mts'), logLevel: 'warn', build: { outDir: staging, emptyOutDir: true } });
  await carryPrevious(staging);
  await precompress(staging);
  const finished = join(BUILDS_DIR, id);
  await rename(staging, finished);
  await swapIn(finished);
  await removeOldBuilds(finished);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  compileWeb().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
