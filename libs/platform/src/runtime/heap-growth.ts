import { setFlagsFromString } from 'node:v8';

/**
 * After each full collection V8 lets the heap grow to up to 4× what survived when allocation runs fast, as it does
 * while an evaluation streams rows through: a runner whose live heap stays at ~70 MB grew ~260 MB of RSS over a
 * 100 000-row run, all of it garbage waiting for a collection. Capping the factor at 2× keeps that headroom in
 * proportion (~100 MB there) for a few more full collections. Read by V8 at every collection, so it can be set
 * at start-up from code; both servers call this first.
 */
export function boundHeapGrowth(): void {
  setFlagsFromString('--heap-growing-percent=100');
}

/** V8's own factor: a young generation whose objects keep surviving doubles, up to its maximum (16 MB semi-spaces). */
const YOUNG_GENERATION_GROWTH_FACTOR = 2;

/**
 * Keeps the young generation at the size it has (1 MB semi-spaces in a fresh process) until `letYoungGenerationGrow`.
 * Loading a server's modules and opening its database grew it to V8's full size (32 MB) within a second, and V8 gave
 * it back only after ~8 s idle, so an idle server held 30–40 MB more or not, by the second it was measured. The
 * launcher (`tools/scripts/start.mjs`) does the same before it loads a server, which this module is part of. Set at
 * run time: a factor below 2 given on the command line is raised to 2 when V8 sets up its heap.
 */
export function holdYoungGeneration(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}

/**
 * Lets the young generation grow as V8 would, once the server listens. Under a runner's stream of rows a young
 * generation of V8's full size scavenges a quarter as often as one capped at 4 MB semi-spaces (the cap before,
 * `--max-semi-space-size=4`), and each scavenge costs about the same (it copies what is in flight): the api's main
 * thread spends 40–50 µs less per row.
 */
export function letYoungGenerationGrow(): void {
  setFlagsFromString(`--semi-space-growth-factor=${YOUNG_GENERATION_GROWTH_FACTOR}`);
}
