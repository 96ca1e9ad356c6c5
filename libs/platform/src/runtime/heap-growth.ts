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
