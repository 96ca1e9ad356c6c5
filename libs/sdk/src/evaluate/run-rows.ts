import type { UploadedScenarioWire, UploadedScoreWire } from '@crucible/contracts';

/** What a task is handed besides the row's inputs. */
export interface TaskContext {
  /** The whole test-set row, expected answer included. */
  row: Record<string, unknown>;
  rowIndex: number;
  /** 0-based: which of the row's repetitions this call is. */
  repetition: number;
}

export type EvaluateTask<Output = unknown> = (inputs: Record<string, unknown>, context: TaskContext) => Output | Promise<Output>;

export interface EvaluatorArgs {
  inputs: Record<string, unknown>;
  output: unknown;
  /** The row's value in the expected-answer column (undefined when it has none). */
  expected: unknown;
  row: Record<string, unknown>;
  rowIndex: number;
  repetition: number;
}

/** A score: a number, or a bool (averaged as the fraction true). Throwing makes that row's score an error. */
export type EvaluatorFunction = (args: EvaluatorArgs) => number | boolean | Promise<number | boolean>;

export interface LocalEvaluator {
  name: string;
  evaluate: EvaluatorFunction;
}

export interface RowRunPlan<Output> {
  rows: Array<Record<string, unknown>>;
  expectedColumn: string;
  task: EvaluateTask<Output>;
  evaluators: LocalEvaluator[];
  repetitions: number;
  concurrency: number;
}

export interface Attempt {
  output?: unknown;
  error?: { message: string; stacktrace?: string };
  latency: number;
  scores: Record<string, UploadedScoreWire>;
}

const errorOf = (error: unknown): { message: string; stacktrace?: string } => {
  if (error instanceof Error) return { message: error.message || error.name, ...(error.stack ? { stacktrace: error.stack } : {}) };
  return { message: String(error) || 'the task threw' };
};

async function score(evaluator: LocalEvaluator, args: EvaluatorArgs): Promise<UploadedScoreWire> {
  try {
    const value = await evaluator.evaluate(args);
    if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return value;
    return { error: `${evaluator.name} returned ${typeof value === 'number' ? String(value) : typeof value}; an evaluator returns a finite number or a boolean` };
  } catch (error) {
    return { error: `${evaluator.name} threw: ${errorOf(error).message}` };
  }
}

async function attempt<Output>(plan: RowRunPlan<Output>, rowIndex: number, repetition: number): Promise<Attempt> {
  const row = plan.rows[rowIndex]!;
  const inputs = Object.fromEntries(Object.entries(row).filter(([column]) => column !== plan.expectedColumn));
  const started = performance.now();
  let output: Output;
  try {
    output = await plan.task(inputs, { row, rowIndex, repetition });
  } catch (error) {
    return { error: errorOf(error), latency: (performance.now() - started) / 1000, scores: {} };
  }
  const latency = (performance.now() - started) / 1000;
  const args: EvaluatorArgs = { inputs, output, expected: row[plan.expectedColumn], row, rowIndex, repetition };
  const scores: Record<string, UploadedScoreWire> = {};
  for (const evaluator of plan.evaluators) scores[evaluator.name] = await score(evaluator, args);
  // JSON cannot carry undefined: a task that answers nothing answered null.
  return { output: output === undefined ? null : output, latency, scores };
}

/** One run of a row as the api stores it: its repetition 1-based, as the api counts them. */
function scenarioOf(rowIndex: number, repetition: number, run: Attempt): UploadedScenarioWire {
  const which = { row_index: rowIndex, repetition: repetition + 1, latency: run.latency };
  return run.error ? { ...which, output: null, error: run.error, scores: {} } : { ...which, output: run.output, scores: run.scores };
}

/**
 * Runs every row `repetitions` times, at most `concurrency` task calls at once, in the caller's process: one scenario per
 * run, row by row; the api averages a row's repetitions before it averages rows (ARCHITECTURE §11).
 */
export async function runRows<Output>(plan: RowRunPlan<Output>): Promise<UploadedScenarioWire[]> {
  const jobs = plan.rows.flatMap((_, rowIndex) => Array.from({ length: plan.repetitions }, (__, repetition) => ({ rowIndex, repetition })));
  const attempts = plan.rows.map(() => new Array<Attempt>(plan.repetitions));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const { rowIndex, repetition } = jobs[next++]!;
      attempts[rowIndex]![repetition] = await attempt(plan, rowIndex, repetition);
    }
  };
  await Promise.all(Array.from({ length: Math.min(plan.concurrency, jobs.length) }, worker));
  return attempts.flatMap((rowAttempts, rowIndex) => rowAttempts.map((run, repetition) => scenarioOf(rowIndex, repetition, run)));
}
