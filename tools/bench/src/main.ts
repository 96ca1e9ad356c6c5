import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { boundHeapGrowth, compileWasmForMemory } from '@crucible/platform';
import { BENCHMARKS } from './benchmarks';
import type { Benchmark } from './support/benchmark';
import { engineEnvironment } from './support/engine-environment';
import { type Engine, ENGINES, openStand } from './support/stand';
import { type BenchRow, printTable } from './support/table';

/** Set in the process that runs one benchmark on one engine for the process that prints the table. */
const ENGINE_PROCESS = 'BENCH_ENGINE_PROCESS';

/**
 * npm run bench [name…]: every benchmark (or the named ones) on every engine of BENCH_ENGINES
 * (default "pglite,postgres"), then one table of ratios against the baselines measured in the same run.
 */
async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const engineProcess = process.env[ENGINE_PROCESS];
  if (engineProcess) return runOnEngine(only[0]!, engineProcess as Engine);
  const engines = (process.env['BENCH_ENGINES']?.split(',') ?? ENGINES) as Engine[];
  const rows: BenchRow[] = [];
  // The machine may be shared: a reader weighs the figures by how busy it was.
  console.log(`bench: load average ${loadAverage()} on ${availableParallelism()} cores at the start`);
  for (const benchmark of BENCHMARKS.filter((b) => only.length === 0 || only.includes(b.name))) {
    process.stderr.write(`bench: ${benchmark.name}…\n`);
    if (!benchmark.perEngine) {
      rows.push(...(await benchmark.run(engines)));
      continue;
    }
    for (const engine of engines) rows.push(...(await inEngineProcess(benchmark, engine)));
  }
  printTable(rows);
  console.log(`bench: load average ${loadAverage()} at the end`);
}

const loadAverage = (): string => loadavg().map((load) => load.toFixed(2)).join(', ');

/** Runs a per-engine benchmark in a process of its own, started with the environment `npm start` gives that engine. */
function inEngineProcess(benchmark: Benchmark, engine: Engine): Promise<BenchRow[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, benchmark.name], {
      env: { ...engineEnvironment(engine), [ENGINE_PROCESS]: engine }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let rows: BenchRow[] | null = null;
    child.on('message', (message) => { rows = message as BenchRow[]; });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0 && rows) resolve(rows);
      else reject(new Error(`${benchmark.name} on ${engine} failed (exit code ${code})`));
    });
  });
}

/**
 * The api runs in this process: with the V8 settings `npm start` gives it (and glibc's, from engineEnvironment), so
 * the figures are those of the service as users run it. Its young generation grows under load, as the server's does
 * once it listens (letYoungGenerationGrow).
 */
async function runOnEngine(name: string, engine: Engine): Promise<void> {
  boundHeapGrowth();
  if (engine === 'pglite') compileWasmForMemory();
  const benchmark = BENCHMARKS.find((b) => b.name === name);
  if (!benchmark?.perEngine) throw new Error(`${name} is not a per-engine benchmark`);
  const stand = await openStand(engine);
  let rows: BenchRow[];
  try {
    rows = await benchmark.run(stand);
  } finally {
    await stand.close();
  }
  await new Promise<void>((resolve, reject) => process.send!(rows, (error: Error | null) => (error ? reject(error) : resolve())));
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
