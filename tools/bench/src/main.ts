import 'reflect-metadata';
import { boundHeapGrowth, compileWasmForMemory } from '@crucible/platform';
import { BENCHMARKS } from './benchmarks';
import { type Engine, ENGINES, openStand } from './support/stand';
import { type BenchRow, printTable } from './support/table';

/**
 * npm run bench [name…]: every benchmark (or the named ones) on every engine of BENCH_ENGINES
 * (default "pglite,postgres"), then one table of ratios against the baselines measured in the same run.
 */
async function main(): Promise<void> {
  // The api runs in this process: with the V8 settings `npm start` gives it (and glibc's mmap threshold from the npm
  // script), so the figures are those of the service as users run it. Its young generation grows under load, as the
  // server's does once it listens (letYoungGenerationGrow).
  boundHeapGrowth();
  compileWasmForMemory();
  const only = process.argv.slice(2);
  const engines = (process.env['BENCH_ENGINES']?.split(',') ?? ENGINES) as Engine[];
  const rows: BenchRow[] = [];
  for (const benchmark of BENCHMARKS.filter((b) => only.length === 0 || only.includes(b.name))) {
    process.stderr.write(`bench: ${benchmark.name}…\n`);
    if (!benchmark.perEngine) {
      rows.push(...(await benchmark.run(engines)));
      continue;
    }
    for (const engine of engines) {
      const stand = await openStand(engine);
      try {
        rows.push(...(await benchmark.run(stand)));
      } finally {
        await stand.close();
      }
    }
  }
  printTable(rows);
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
