import { setFlagsFromString } from 'node:v8';

/** Caps V8's heap growth after a full collection at 2× (not 4×), so a streaming run's garbage stays in proportion. */
export function boundHeapGrowth(): void {
  setFlagsFromString('--heap-growing-percent=100');
}

/** V8's own factor: a young generation whose objects keep surviving doubles, up to its maximum (16 MB semi-spaces). */
const YOUNG_GENERATION_GROWTH_FACTOR = 2;

/** Keeps the young generation small until `letYoungGenerationGrow`, so start-up does not leave an idle server 30–40 MB larger. */
export function holdYoungGeneration(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}

/** Lets the young generation grow as V8 would once the server listens: fewer scavenges per row (docs/performance-history.md). */
export function letYoungGenerationGrow(): void {
  setFlagsFromString(`--semi-space-growth-factor=${YOUNG_GENERATION_GROWTH_FACTOR}`);
}
