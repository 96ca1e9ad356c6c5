import { setFlagsFromString } from 'node:v8';

/**
 * PGlite is a 9 MB WebAssembly module. V8 compiles it with its baseline compiler (Liftoff) and then again with
 * TurboFan in the background; the optimised copy costs ~50 MB that an idle service keeps for good. Baseline code
 * is fast enough for a local database (and on a busy 2-core box faster overall, with no background compile).
 * Must run before the module is compiled, i.e. before the data source opens. The bench calls it too, so that the
 * api it measures runs PGlite as `npm start` does.
 */
export function compileWasmForMemory(): void {
  setFlagsFromString('--liftoff-only');
}
