import { setFlagsFromString } from 'node:v8';

/**
 * PGlite's WebAssembly compiled by Liftoff only: TurboFan's freed zones kept the server 50–85 MB higher for good
 * (docs/performance-history.md). Must run before the data source opens.
 */
export function compileWasmForMemory(): void {
  setFlagsFromString('--liftoff-only');
}
