import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ScriptSizes {
  files: number;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

/** `<script type="module" src>` and `<link rel="modulepreload" href>`: what the page asks for before any screen runs. */
const PAGE_SCRIPTS = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"|<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g;
/** `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`; not `import("./x.js")`, which loads later. */
const STATIC_IMPORTS = /\b(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g;

/**
 * The scripts a first visit to the console loads: the entry of the built index.html, what it preloads, and everything
 * those import statically, followed file by file. Lazy chunks (dynamic `import()`) are left out. `base` is the URL
 * path the build is served under.
 */
export function firstVisitScripts(buildDir: string, base = '/ui/'): string[] {
  const html = readFileSync(join(buildDir, 'index.html'), 'utf8');
  const pending = [...html.matchAll(PAGE_SCRIPTS)].map((match) => join(buildDir, (match[1] ?? match[2]!).replace(base, '')));
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORTS)) pending.push(join(dirname(file), match[1]!));
  }
  return [...seen].map((file) => relative(buildDir, file).split('\\').join(posix.sep)).sort();
}

/** Sizes as served: raw, gzip at level 9 and brotli at quality 11 (the copies the build writes). */
export function scriptSizes(buildDir: string, files: readonly string[]): ScriptSizes {
  const sizes = { files: files.length, bytes: 0, gzipBytes: 0, brotliBytes: 0 };
  for (const file of files) {
    const data = readFileSync(join(buildDir, file));
    sizes.bytes += data.length;
    sizes.gzipBytes += gzipSync(data, { level: constants.Z_BEST_COMPRESSION }).length;
    sizes.brotliBytes += brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;
  }
  return sizes;
}
