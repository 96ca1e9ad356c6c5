// "Build X when its output is missing or older than its sources", shared by every build step `npm start` needs.
// A build is skipped when the fingerprint of its inputs (every file's path, size and mtime) equals the one
// recorded after the last successful build, so a restart costs a directory walk, not a compile.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.nx', '.data', 'coverage', 'tmp']);

/** Every file under `paths` (files or directories) that `include` accepts, sorted. */
export function listFiles(root, paths, include = () => true) {
  const files = [];
  const walk = (path) => {
    if (!existsSync(path)) return;
    if (!statSync(path).isDirectory()) {
      if (include(relative(root, path))) files.push(path);
      return;
    }
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
      walk(join(path, entry.name));
    }
  };
  for (const path of paths) walk(join(root, path));
  return files.sort();
}

export function fingerprint(root, files) {
  const hash = createHash('sha256');
  for (const file of files) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${relative(root, file)}\0${size}\0${mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/**
 * Runs `build` unless every path in `outputs` exists and the inputs' fingerprint matches the stamp of the
 * last build (or `force`). `inputs` are paths relative to `root`; `include` filters the files found under them.
 */
export async function buildWhenStale({ name, root, inputs, include, outputs = [], stamp, build, force = false }) {
  const started = performance.now();
  const files = listFiles(root, inputs, include);
  const current = fingerprint(root, files);
  const previous = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';
  if (!force && previous === current && outputs.every((output) => existsSync(output))) {
    process.stderr.write(`${name} is up to date (${files.length} files unchanged): nothing built\n`);
    return false;
  }
  await build();
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, current);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write(`built ${name} (${files.length} files) in ${seconds} s\n`);
  return true;
}
