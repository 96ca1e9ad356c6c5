import { writeFileSync } from 'node:fs';
import type { Api } from './api';
import { CliError, EXIT } from './cli-error';
import type { EvaluationComparison } from '@crucible/client';
import { compareEvaluations, regressions, renderComparison } from './comparison';
import { failedMinimums, type MinimumGate } from './gates';
import { junitSuite } from './junit-report';
import { throughOutages } from './outage-retry';
import { outageRetry, waitForEvaluations } from './evaluation-wait';
import { formatCost, formatScore, formatSeconds, renderTable } from '../output/table';
import { junitXml, type JunitSuite } from '../output/junit';
import type { Evaluation } from '@crucible/client';

/** What `eval run --wait` and `eval wait` share: how long to wait, what to print, and the gates. */
export interface WaitAndGateOptions {
  timeout: number;
  waitRetrySeconds: number;
  json?: boolean;
  junit?: string;
  min: MinimumGate[];
  failOnRegression?: boolean;
  allowDifferentVersions?: boolean;
}

export interface Evaluated {
  evaluation: Evaluation;
  /** `variant@revision`, as people write it. */
  label: string;
}

export interface WaitedEvaluations {
  /** The baseline evaluated in the same run: waited for and listed with the candidates. */
  baseline?: Evaluated;
  /** A finished evaluation to compare with, neither waited for nor listed. */
  baselineEvaluationId?: string;
  candidates: Evaluated[];
}

const FINISHED = new Set(['EVALUATION_FINISHED', 'EVALUATION_FINISHED_WITH_ERRORS']);
const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

export const labelOf = (evaluation: Evaluation) => `${evaluation.variant_names[0] ?? evaluation.id}@${evaluation.revisions[0] ?? '?'}`;

export const readEvaluation = (api: Api, id: string) => api.call(
  api.client.GET('/evaluations/{evaluation_id}', { params: { path: { evaluation_id: id } } }), `reading evaluation ${id}`,
);

/** `crucible eval wait …` with the same evaluations, baseline and gates: what a CI retry runs instead of a second evaluation. */
export function resumeCommand(candidateIds: string[], baselineId: string | undefined, options: WaitAndGateOptions): string {
  return ['crucible', 'eval', 'wait', ...candidateIds,
    ...(baselineId ? ['--baseline', baselineId] : []), ...options.min.flatMap((gate) => ['--min', `${gate.evaluator}=${gate.min}`]),
    ...(options.failOnRegression ? ['--fail-on-regression'] : []), ...(options.allowDifferentVersions ? ['--allow-different-versions'] : []),
    ...(options.json ? ['--json'] : []),
    ...(options.junit ? ['--junit', options.junit] : []),
  ].map(shellWord).join(' ');
}

const resumeCommandOf = (waited: WaitedEvaluations, options: WaitAndGateOptions) => resumeCommand(
  waited.candidates.map((c) => c.evaluation.id), waited.baseline?.evaluation.id ?? waited.baselineEvaluationId, options,
);

/** Reads one evaluation by id for `eval wait`, riding out an api that is still restarting. */
export const readEvaluationThroughOutages = (api: Api, id: string, options: WaitAndGateOptions, resume: string) =>
  throughOutages(() => readEvaluation(api, id), outageRetry(options.waitRetrySeconds, resume));

function resultsTable(evaluated: Evaluated[]): string {
  const rows = evaluated.flatMap(({ evaluation, label }) => evaluation.aggregated_results.map((aggregate) => [
    label, aggregate.evaluator_config.name, formatScore(aggregate.result.value ?? aggregate.result.error?.message),
    formatCost(evaluation.average_cost?.value as number | undefined), formatSeconds(evaluation.average_latency?.value as number | undefined),
  ]));
  return renderTable(['revision', 'evaluator', 'score', 'cost / row', 'latency / row'], rows);
}

interface Outcome {
  everything: Evaluated[];
  candidates: Evaluated[];
  broken: Evaluated[];
  gateFailures: string[];
  comparison?: EvaluationComparison;
  suites: JunitSuite[];
}

/** Everything the report needs, read before anything is written (so a retried read never writes twice). */
async function readOutcome(api: Api, waited: WaitedEvaluations, options: WaitAndGateOptions): Promise<Outcome> {
  const reread = (entry: Evaluated) => readEvaluation(api, entry.evaluation.id).then((evaluation) => ({ ...entry, evaluation }));
  const baseline = waited.baseline ? await reread(waited.baseline) : undefined;
  const candidates = await Promise.all(waited.candidates.map(reread));
  const everything = [...(baseline ? [baseline] : []), ...candidates];
  const broken = everything.filter((e) => !FINISHED.has(String(e.evaluation.status.value)));
  const gateFailures = everything.length === broken.length ? [] : candidates.flatMap(({ evaluation, label }) => failedMinimums(evaluation, label, options.min));
  let comparison: EvaluationComparison | undefined;
  const baselineId = waited.baselineEvaluationId ?? baseline?.evaluation.id;
  if (baselineId && broken.length === 0) {
    comparison = await compareEvaluations(api, [baselineId, ...candidates.map((e) => e.evaluation.id)], options.allowDifferentVersions);
    if (options.failOnRegression) gateFailures.push(...regressions(comparison));
  }
  const evaluators = candidates[0]?.evaluation.aggregated_results.map((a) => a.evaluator_config) ?? [];
  const suites = options.junit
    ? await Promise.all(candidates.map(({ evaluation, label }) => junitSuite(api, evaluation.id, label, evaluators, options.min)))
    : [];
  return { everything, candidates, broken, gateFailures, comparison, suites };
}

/** Says which evaluations run and how to resume waiting for them, before the wait (on stderr: stdout stays JSON). */
export function announce(waited: WaitedEvaluations, options: WaitAndGateOptions): void {
  const lines = [
    ...(waited.baseline ? [`evaluation ${waited.baseline.evaluation.id} ${waited.baseline.label} (baseline)`] : []),
    ...waited.candidates.map(({ evaluation, label }) => `evaluation ${evaluation.id} ${label}`),
    `to resume waiting: ${resumeCommandOf(waited, options)}`,
  ];
  process.stderr.write(`${lines.join('\n')}\n`);
}

/** Waits for the evaluations, prints their results (table or JSON, JUnit), and answers the exit code of the gates. */
export async function waitAndGate(api: Api, waited: WaitedEvaluations, options: WaitAndGateOptions): Promise<number> {
  const resume = resumeCommandOf(waited, options);
  const ids = [...(waited.baseline ? [waited.baseline] : []), ...waited.candidates].map((e) => e.evaluation.id);
  await waitForEvaluations(api, ids, { timeoutSeconds: options.timeout, retrySeconds: options.waitRetrySeconds, resumeCommand: resume });
  const outcome = await throughOutages(() => readOutcome(api, waited, options), outageRetry(options.waitRetrySeconds, resume));
  const { everything, broken, gateFailures, comparison } = outcome;

  if (options.junit) writeFileSync(options.junit, junitXml(outcome.suites));
  if (options.json) {
    const baselineId = waited.baselineEvaluationId ?? waited.baseline?.evaluation.id;
    process.stdout.write(`${JSON.stringify({
      evaluations: everything.map(({ evaluation, label }) => ({
        id: evaluation.id, revision: label, baseline: evaluation.id === baselineId, status: evaluation.status.value,
        results: Object.fromEntries(evaluation.aggregated_results.map((a) => [a.evaluator_config.name, a.result.value ?? null])),
        average_cost: evaluation.average_cost?.value ?? null, average_latency: evaluation.average_latency?.value ?? null,
      })),
      comparison: comparison ?? null,
      gates: { passed: gateFailures.length === 0, failures: gateFailures },
    }, null, 2)}\n`);
  } else {
    process.stdout.write(`${resultsTable(everything)}\n`);
    if (comparison) process.stdout.write(`\n${renderComparison(comparison)}\n`);
  }
  if (broken.length > 0) {
    const [first] = broken;
    throw new CliError(`evaluation of ${first!.label} ended ${String(first!.evaluation.status.value)}: ${first!.evaluation.status.error?.message ?? 'no reason given'}`);
  }
  if (gateFailures.length > 0) {
    process.stderr.write(`gate failed: ${gateFailures.join('; ')}\n`);
    return EXIT.gateFailed;
  }
  return EXIT.pass;
}
