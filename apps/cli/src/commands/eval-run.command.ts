import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { type Api } from '../support/api';
import { apiOf, examples } from '../support/command-context';
import { CliError, EXIT } from '../support/cli-error';
import { compareEvaluations, regressions, renderComparison, type Comparison } from '../support/comparison';
import { failedMinimums, type MinimumGate, parseMinimumGate } from '../support/gates';
import { junitSuite } from '../support/junit-report';
import { type ResolvedRevision, resolveApp, resolveEvaluators, resolveRevision, resolveTestset } from '../support/resolve';
import { waitForEvaluations } from '../support/evaluation-wait';
import { formatCost, formatScore, formatSeconds, renderTable } from '../output/table';
import { junitXml } from '../output/junit';
import type { Evaluation } from '../support/wire';

interface RunOptions {
  app: string;
  revision: string[];
  testset: string;
  evaluator: string[];
  batchSize: number;
  retries: number;
  correctAnswerColumn?: string;
  wait?: boolean;
  timeout: number;
  json?: boolean;
  junit?: string;
  min: MinimumGate[];
  baseline?: string;
  failOnRegression?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FINISHED = new Set(['EVALUATION_FINISHED', 'EVALUATION_FINISHED_WITH_ERRORS']);
const collect = <T>(parse: (value: string) => T) => (value: string, previous: T[] = []) => [...previous, parse(value)];
const wholeNumber = (name: string) => (value: string) => {
  if (!/^\d+$/.test(value)) throw new CliError(`${name} takes a whole number, not "${value}"`);
  return Number(value);
};

interface Evaluated {
  evaluation: Evaluation;
  label: string;
}

function resultsTable(evaluated: Evaluated[]): string {
  const rows = evaluated.flatMap(({ evaluation, label }) => evaluation.aggregated_results.map((aggregate) => [
    label, aggregate.evaluator_config.name, formatScore(aggregate.result.value ?? aggregate.result.error?.message),
    formatCost(evaluation.average_cost?.value as number | undefined), formatSeconds(evaluation.average_latency?.value as number | undefined),
  ]));
  return renderTable(['revision', 'evaluator', 'score', 'cost / row', 'latency / row'], rows);
}

async function createEvaluations(api: Api, options: RunOptions, appId: string, revisions: ResolvedRevision[]): Promise<Evaluated[]> {
  const testset = await resolveTestset(api, appId, options.testset);
  const evaluators = await resolveEvaluators(api, appId, options.evaluator);
  const created = await api.call<Evaluation[]>(api.client.POST('/evaluations', {
    body: {
      app_id: appId, revisions_ids: revisions.map((r) => r.revisionId), evaluators_configs: evaluators.map((e) => e.id),
      testset_id: testset.id, rate_limit: { batch_size: options.batchSize, max_retries: options.retries, retry_delay: 1, delay_between_batches: 0 },
      ...(options.correctAnswerColumn ? { correct_answer_column: options.correctAnswerColumn } : {}),
    },
  }), 'creating the evaluation');
  return revisions.map((revision) => ({
    evaluation: created.find((e) => e.variant_revision_ids[0] === revision.revisionId)!,
    label: revision.label,
  }));
}

const readEvaluation = (api: Api, id: string) => api.call<Evaluation>(
  api.client.GET('/evaluations/{evaluation_id}', { params: { path: { evaluation_id: id } } }), `reading evaluation ${id}`,
);

async function run(options: RunOptions, command: Command): Promise<number> {
  if (options.failOnRegression && !options.baseline) throw new CliError('--fail-on-regression needs --baseline variant@rev or an evaluation id');
  const wait = Boolean(options.wait || options.json || options.junit || options.min.length || options.failOnRegression);
  const api = apiOf(command);
  const app = await resolveApp(api, options.app);
  const candidates = await Promise.all(options.revision.map((spec) => resolveRevision(api, app.app_id, spec)));
  const baselineEvaluationId = options.baseline && UUID.test(options.baseline) ? options.baseline : undefined;
  const baselineRevision = options.baseline && !baselineEvaluationId ? await resolveRevision(api, app.app_id, options.baseline) : undefined;
  const evaluated = await createEvaluations(api, options, app.app_id, [...(baselineRevision ? [baselineRevision] : []), ...candidates]);
  const baseline = baselineRevision ? evaluated.shift() : undefined;

  if (!wait) {
    process.stdout.write(`${renderTable(['revision', 'evaluation'], [...(baseline ? [baseline] : []), ...evaluated].map((e) => [e.label, e.evaluation.id]))}\n`);
    return EXIT.pass;
  }
  const everything = [...(baseline ? [baseline] : []), ...evaluated];
  await waitForEvaluations(api, everything.map((e) => e.evaluation.id), { timeoutSeconds: options.timeout });
  for (const entry of everything) entry.evaluation = await readEvaluation(api, entry.evaluation.id);

  const broken = everything.filter((e) => !FINISHED.has(String(e.evaluation.status.value)));
  const gateFailures = everything.length === broken.length ? [] : evaluated.flatMap(({ evaluation, label }) => failedMinimums(evaluation, label, options.min));
  let comparison: Comparison | undefined;
  const baselineId = baselineEvaluationId ?? baseline?.evaluation.id;
  if (baselineId && broken.length === 0) {
    comparison = await compareEvaluations(api, [baselineId, ...evaluated.map((e) => e.evaluation.id)]);
    if (options.failOnRegression) gateFailures.push(...regressions(comparison));
  }

  if (options.junit) {
    const evaluators = evaluated[0]?.evaluation.aggregated_results.map((a) => a.evaluator_config) ?? [];
    const suites = await Promise.all(evaluated.map(({ evaluation, label }) => junitSuite(api, evaluation.id, label, evaluators, options.min)));
    writeFileSync(options.junit, junitXml(suites));
  }
  if (options.json) {
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

export function registerEvalRunCommand(evaluations: Command): void {
  evaluations.command('run')
    .description('evaluate revisions on a test set; with --wait, show progress and results, and gate on them')
    .requiredOption('--app <name|id>', 'the app')
    .requiredOption('--revision <variant[@rev]>', 'a revision to evaluate (repeat for several; latest without @rev)', collect(String))
    .requiredOption('--testset <name|file>', 'a test set by name or id, or a CSV/JSON file (pushed under its file name)')
    .requiredOption('--evaluator <name|key>', 'an evaluator config by name, or a catalog key (repeat for several)', collect(String))
    .option('--batch-size <n>', 'rows invoked at once', wholeNumber('--batch-size'), 10)
    .option('--retries <n>', 'further tries of a row on errors worth retrying', wholeNumber('--retries'), 2)
    .option('--correct-answer-column <column>', 'the ground-truth column (default: correct_answer)')
    .option('--wait', 'wait for the results (implied by --json, --junit, --min and --fail-on-regression)')
    .option('--timeout <seconds>', 'how long to wait', wholeNumber('--timeout'), 3600)
    .option('--json', 'print the results as JSON')
    .option('--junit <file>', 'write a JUnit report: one test case per row and evaluator')
    .option('--min <evaluator=value>', "fail (exit 1) when an evaluator's mean is below value (repeatable)", collect(parseMinimumGate), [])
    .option('--baseline <variant@rev|evaluation-id>', 'compare against this revision (evaluated in the same run) or a finished evaluation')
    .option('--fail-on-regression', 'fail (exit 1) when the comparison with --baseline says worse on any evaluator')
    .addHelpText('after', examples(
      'crucible eval run --app support-bot --revision main@3 --testset capitals.csv --evaluator auto_exact_match --wait',
      'crucible eval run --app support-bot --revision main --testset capitals --evaluator exact --min exact=0.9 --junit report.xml',
      'crucible eval run --app support-bot --revision main@4 --baseline main@3 --fail-on-regression --testset capitals --evaluator exact',
    ))
    .action(async (options: RunOptions, command: Command) => {
      process.exitCode = await run(options, command);
    });
}
