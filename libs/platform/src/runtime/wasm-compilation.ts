import { setFlagsFromString } from 'node:v8';

/**
 * V8 compiles with TurboFan in zones of 32 KB segments, malloc'd on its background threads. glibc keeps what those
 * threads free in their arenas, scattered between live blocks, so a server that has tiered PGlite up idled 50–85 MB
 * higher for good. With glibc's mmap threshold at or below a segment's size, each segment is a mapping of its own
 * and goes back to the system when freed (measured: idle 167 / 164 MB at first start / restart, against 175 / 173 MB
 * for Liftoff only and 207–246 / 222–239 MB for TurboFan without it). `npm start` sets it on the embedded database
 * (tools/scripts/server-env.sh).
 */
const ZONE_SEGMENT_BYTES = 32 * 1024;

/**
 * A budget 100× V8's default: only code that runs for long (a runner's writes) is optimised, not the start-up's
 * one-off statements, whose compiles would compete with the start for the cores.
 */
const TIERING_BUDGET = 180_000_000;

/** Whether glibc gives V8's compile memory back to the system (see ZONE_SEGMENT_BYTES). */
export function freedCompileMemoryIsReturned(platform: string = process.platform, env: NodeJS.ProcessEnv = process.env): boolean {
  const threshold = Number(env['MALLOC_MMAP_THRESHOLD_']);
  return platform === 'linux' && Number.isInteger(threshold) && threshold > 0 && threshold <= ZONE_SEGMENT_BYTES;
}

/**
 * PGlite is a 9 MB WebAssembly module. Where TurboFan's compile memory is returned, hot functions are optimised: a
 * runner's write costs PGlite's worker a fifth less CPU (a 180 KB write 17.4 → 13.9 ms). Elsewhere V8 compiles it
 * with its baseline compiler (Liftoff) only, which costs no memory beyond the code. Must run before the module is
 * compiled, i.e. before the data source opens. The bench calls it too, so that the api it measures runs PGlite as
 * `npm start` does.
 */
export function compileWasmForMemory(): void {
  setFlagsFromString(freedCompileMemoryIsReturned() ? `--wasm-tiering-budget=${TIERING_BUDGET}` : '--liftoff-only');
}
