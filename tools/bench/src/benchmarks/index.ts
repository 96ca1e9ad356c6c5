import type { Benchmark } from '../support/benchmark';
import { comparisonHealthBenchmark } from './comparison-health.bench';
import { comparisonResultsBenchmark } from './comparison-results.bench';
import { consoleFirstVisitBenchmark } from './console-first-visit.bench';
import { listEvaluationsBenchmark } from './list-evaluations.bench';
import { runnerBenchmark } from './runner.bench';
import { runnerMemoryBenchmark } from './runner-memory.bench';
import { sdkPlaygroundBenchmark } from './sdk-playground.bench';
import { startupBenchmark } from './startup.bench';
import { traceExportBenchmark } from './trace-export.bench';
import { traceIngestBenchmark } from './trace-ingest.bench';
import { onlineEvaluationBenchmark } from './online-evaluation.bench';
import { traceStoreBenchmark } from './trace-store.bench';
import { gatewayBenchmark } from './gateway.bench';
import { streamingBenchmark } from './streaming.bench';
import { getPromptBenchmark } from './get-prompt.bench';

/** In the order the table shows them; a new benchmark is one file and one line here. */
export const BENCHMARKS: Benchmark[] = [
  startupBenchmark,
  listEvaluationsBenchmark,
  runnerBenchmark,
  runnerMemoryBenchmark,
  comparisonResultsBenchmark,
  comparisonHealthBenchmark,
  sdkPlaygroundBenchmark,
  traceExportBenchmark,
  traceIngestBenchmark,
  onlineEvaluationBenchmark,
  traceStoreBenchmark,
  consoleFirstVisitBenchmark,
  gatewayBenchmark,
  streamingBenchmark,
  getPromptBenchmark,
];
