import { setFlagsFromString } from 'node:v8';

/**
 * PGlite is a 9 MB WebAssembly module, compiled by V8's baseline compiler (Liftoff) only. TurboFan made a runner's
 * write cost PGlite's worker a tenth to a fifth less, but it compiles in zones of 32 KB that glibc kept, scattered in
 * its background threads' arenas, once freed: the server idled 50–85 MB higher for good. Returning them took an mmap
 * threshold of 32 KB, which mapped every socket read buffer as well: the runner's process spent more than TurboFan
 * saved (0.73 against 0.68 ms of CPU per row) and a restart took twice as long. Must run before the module is
 * compiled, i.e. before the data source opens; the bench calls it too.
 */
export function compileWasmForMemory(): void {
  setFlagsFromString('--liftoff-only');
}
