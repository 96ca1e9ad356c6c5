import type { EvaluationUploadWire } from '@crucible/contracts';
import { sdkState } from '../init/sdk-state';
import type { ComparisonAnswer, EvaluationAnswer, Verdict } from './api-answers';
import { CrucibleApi, EvaluateError } from './crucible-api';
import { findApp, findBaseline, findTestset, findVariant } from './references';
import { type EvaluateTask, type EvaluatorFunction, type LocalEvaluator, runRows } from './run-rows';

export interface EvaluateOptions<Output = unknown> {
  /** The app's name or id. */
  app: string;
  /** The variant the task stands for, by name or id (its latest revision is recorded); default: the app's only variant. */
  variant?: string;
  /** The test set's name or id; its rows are fetched from the api. */
  testset: string;
  /** Runs one row in this process: handed the row's inputs (every column but the expected answer). */
  task: EvaluateTask<Output>;
  /**
   * Local evaluators (named functions, or `{name, evaluate}`) scoring each output in this process, and evaluator
   * config ids (strings) that Crucible runs on each output when the rows are uploaded.
   */
  evaluators?: Array<EvaluatorFunction | LocalEvaluator | string>;
  /** Runs of each row, 1–20 (default 1), each uploaded; a row's scores are the mean over its runs (ARCHITECTURE §11). */
  repetitions?: number;
  /** Task calls at once, 1–64 (default 4). */
  concurrency?: number;
  /**
   * What to compare with (ARCHITECTURE §11): an evaluation id, "latest" (default: the newest finished evaluation of
   * the same variant on the same test set), or null for no comparison.
   */
  baseline?: string | null;
  /** The test-set column holding the expected answer (default `correct_answer`). */
  correctAnswerColumn?: string;
  /** Default: init()'s host and key (CRUCIBLE_HOST, CRUCIBLE_API_KEY). */
  host?: string;
  apiKey?: string;
  /** Time-out of each api request (default 60 s; an upload with server-side judges may take a while). */
  requestTimeoutMs?: number;
}

export interface EvaluateMetric {
  name: string;
  /** Mean over the rows that gave a value (bools: fraction true); null when none did. */
  mean: number | null;
  /** Against the baseline; absent without one or when the baseline lacks this evaluator. */
  difference?: number | null;
  pValue?: number | null;
  verdict?: Verdict;
}

export interface EvaluateResult {
  evaluationId: string;
  /** The stored evaluation, as `GET /evaluations/{id}` answers it (`source: "sdk"`). */
  evaluation: EvaluationAnswer;
  /** Rows run, and those whose task failed in every repetition. */
  rows: number;
  failedRows: number;
  /** One per evaluator, local ones and Crucible's. */
  metrics: EvaluateMetric[];
  baselineEvaluationId: string | null;
  /** The api's §11 answer for [baseline, this evaluation]; null without a baseline. */
  comparison: ComparisonAnswer | null;
  /**
   * Over the evaluators (not cost or latency): `worse` when any is significantly worse than the baseline, else
   * `better` when any is significantly better, else `no_significant_difference`; null without a baseline.
   */
  verdict: Verdict | null;
}

const DEFAULT_CONCURRENCY = 4;

function checkedCount(value: number | undefined, fallback: number, max: number, what: string): number {
  const count = value ?? fallback;
  if (!Number.isInteger(count) || count < 1 || count > max) throw new EvaluateError(`evaluate(): ${what} must be an integer from 1 to ${max}, not ${String(value)}`);
  return count;
}

function splitEvaluators(evaluators: EvaluateOptions['evaluators']): { local: LocalEvaluator[]; configIds: string[] } {
  const local: LocalEvaluator[] = [];
  const configIds: string[] = [];
  for (const evaluator of evaluators ?? []) {
    if (typeof evaluator === 'string') configIds.push(evaluator);
    else if (typeof evaluator === 'function') {
      if (!evaluator.name) throw new EvaluateError('evaluate(): an evaluator function needs a name (a named function, or {name, evaluate})');
      local.push({ name: evaluator.name, evaluate: evaluator });
    } else local.push(evaluator);
  }
  const names = local.map((evaluator) => evaluator.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) throw new EvaluateError(`evaluate(): two evaluators are named "${twice}"; the name is what compares them across runs`);
  return { local, configIds };
}

function overallVerdict(comparison: ComparisonAnswer, evaluationId: string): Verdict {
  const verdicts = comparison.metrics
    .filter((metric) => metric.metric === 'evaluator')
    .flatMap((metric) => metric.comparisons.filter((c) => c.evaluation_id === evaluationId).map((c) => c.verdict));
  if (verdicts.includes('worse')) return 'worse';
  return verdicts.includes('better') ? 'better' : 'no_significant_difference';
}

function metricsOf(evaluation: EvaluationAnswer, comparison: ComparisonAnswer | null): EvaluateMetric[] {
  return evaluation.aggregated_results.map(({ evaluator_config: config, result }) => {
    const compared = comparison?.metrics.find((metric) => metric.evaluator_config?.id === config.id);
    const against = compared?.comparisons.find((c) => c.evaluation_id === evaluation.id);
    const baselineHasIt = compared?.evaluations.some((e) => e.evaluation_id === comparison?.baseline_evaluation_id && e.n > 0);
    return {
      name: config.name,
      mean: typeof result.value === 'number' ? result.value : null,
      ...(against && baselineHasIt ? { difference: against.difference, pValue: against.p_value, verdict: against.verdict } : {}),
    };
  });
}

/**
 * An experiment from a test runner (jest, vitest, node:test): runs `task` over the test set's rows in this
 * process, scores each output, uploads the rows as an evaluation (`source: sdk`, listed and compared like any
 * other) and answers its summary with the §11 comparison against a baseline, so a test can assert
 * `expect(result.verdict).not.toBe('worse')`.
 */
export async function evaluate<Output>(options: EvaluateOptions<Output>): Promise<EvaluateResult> {
  const repetitions = checkedCount(options.repetitions, 1, 20, 'repetitions');
  const concurrency = checkedCount(options.concurrency, DEFAULT_CONCURRENCY, 64, 'concurrency');
  const { local, configIds } = splitEvaluators(options.evaluators);
  const state = sdkState();
  const api = new CrucibleApi((options.host ?? state.host).replace(/\/+$/, ''), options.apiKey ?? state.apiKey, options.requestTimeoutMs ?? 60_000);

  const app = await findApp(api, options.app);
  const variantId = await findVariant(api, app, options.variant);
  const testset = await findTestset(api, options.testset);
  if (testset.csvdata.length === 0) throw new EvaluateError(`evaluate(): test set "${testset.name}" has no rows`);
  const expectedColumn = options.correctAnswerColumn ?? 'correct_answer';

  const scenarios = await runRows({ rows: testset.csvdata, expectedColumn, task: options.task, evaluators: local, repetitions, concurrency });
  const upload: EvaluationUploadWire = {
    app_id: app.app_id, ...(variantId ? { variant_id: variantId } : {}), testset_id: testset.id, evaluators_configs: configIds,
    ...(options.correctAnswerColumn ? { correct_answer_column: options.correctAnswerColumn } : {}), scenarios,
  };
  const evaluation = await api.post<EvaluationAnswer>('evaluations/upload', upload);

  const baselineId = options.baseline === null ? null : await findBaseline(api, options.baseline ?? 'latest', evaluation);
  const comparison = baselineId === null || baselineId === evaluation.id
    ? null
    : await api.get<ComparisonAnswer>(`evaluations/compare?evaluations_ids=${encodeURIComponent(`${baselineId},${evaluation.id}`)}`);
  return {
    evaluationId: evaluation.id,
    evaluation,
    rows: testset.csvdata.length,
    failedRows: testset.csvdata.filter((_, rowIndex) => scenarios.every((s) => s.row_index !== rowIndex || s.error)).length,
    metrics: metricsOf(evaluation, comparison),
    baselineEvaluationId: comparison ? baselineId : null,
    comparison,
    verdict: comparison ? overallVerdict(comparison, evaluation.id) : null,
  };
}
