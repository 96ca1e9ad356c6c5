import type { BenchRow } from './table';
import type { Engine, Stand } from './stand';

/**
 * One file per benchmark under `benchmarks/`. A benchmark `perEngine` gets a fresh api on each engine;
 * the others run once. Each answers its rows of the table.
 */
export type Benchmark =
  | { name: string; perEngine: true; run(stand: Stand): Promise<BenchRow[]> }
  | { name: string; perEngine: false; run(engines: readonly Engine[]): Promise<BenchRow[]> };
