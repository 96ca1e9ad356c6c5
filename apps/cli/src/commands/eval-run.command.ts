import type { Command } from 'commander';
import { type Api } from '../support/api';
import { apiOf, examples } from '../support/command-context';
import { CliError, EXIT } from '../support/cli-error';
import { type Evaluated, type WaitAndGateOptions, announce, waitAndGate } from '../support/evaluation-report';
import { type ResolvedRevision, resolveApp, resolveEvaluators, resolveRevision, resolveTestset } from '../support/resolve';
import { renderTable } from '../output/table';
import { addWaitOptions, collect, wholeNumber } from './wait-options';

interface RunOptions extends WaitAndGateOptions {
  app: string;
  revision: string[];
  testset: string;
  evaluator: string[];
  batchSize: number;
  retries: number;
  repetitions?: number;
  correctAnswerColumn?: string;
  wait?: boolean;
  baseline?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function createEvaluations(api: Api, options: RunOptions, appId: string, revisions: ResolvedRevision[]): Promise<Evaluated[]> {
  const testset = await resolveTestset(api, appId, options.testset);
  const evaluators = await resolveEvaluators(api, appId, options.evaluator);
  const created = await api.call(api.client.POST('/evaluations', {
    body: {
      app_id: appId, revisions_ids: revisions.map((r) => r.revisionId), evaluators_configs: evaluators.map((e) => e.id),
      testset_id: testset.id, rate_limit: { batch_size: options.batchSize, max_retries: options.retries, retry_delay: 1, delay_between_batches: 0 },
      ...(options.correctAnswerColumn ? { correct_answer_column: options.correctAnswerColumn } : {}),
      ...(options.repetitions === undefined ? {} : { repetitions: options.repetitions }),
    },
  }), 'creating the evaluation');
  return revisions.map((revision) => ({
    evaluation: created.find((e) => e.variant_revision_ids[0] === revision.revisionId)!,
    label: revision.label,
  }));
}

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
  const waited = { baseline, baselineEvaluationId, candidates: evaluated };
  // The ids first: whatever happens to this process or the api, a CI retry can resume with `eval wait`.
  announce(waited, options);
  return waitAndGate(api, waited, options);
}

export function registerEvalRunCommand(evaluations: Command): void {
  addWaitOptions(evaluations.command('run')
    .description('evaluate revisions on a test set; with --wait, show progress and results, and gate on them')
    .requiredOption('--app <name|id>', 'the app')
    .requiredOption('--revision <variant[@rev]>', 'a revision to evaluate (repeat for several; latest without @rev)', collect(String))
    .requiredOption('--testset <name|file>', 'a test set by name or id, or a CSV/JSON file (pushed under its file name)')
    .requiredOption('--evaluator <name|key>', 'an evaluator config by name, or a catalog key (repeat for several)', collect(String))
    .option('--batch-size <n>', 'rows invoked at once', wholeNumber('--batch-size'), 10)
    .option('--retries <n>', 'further tries of a row on errors worth retrying', wholeNumber('--retries'), 2)
    .option('--repetitions <n>', 'run each row n times (1–20); results average within a row first', wholeNumber('--repetitions'))
    .option('--correct-answer-column <column>', 'the ground-truth column (default: correct_answer)')
    .option('--wait', 'wait for the results (implied by --json, --junit, --min and --fail-on-regression)')
    .option('--baseline <variant@rev|evaluation-id>', 'compare against this revision (evaluated in the same run) or a finished evaluation'))
    .addHelpText('after', examples(
      'crucible eval run --app support-bot --revision main@3 --testset capitals.csv --evaluator auto_exact_match --wait',
      'crucible eval run --app support-bot --revision main --testset capitals --evaluator exact --min exact=0.9 --junit report.xml',
      'crucible eval run --app support-bot --revision main@4 --testset capitals --evaluator exact --repetitions 5 --wait',
      'crucible eval run --app support-bot --revision main@4 --baseline main@3 --fail-on-regression --testset capitals --evaluator exact',
    ))
    .action(async (options: RunOptions, command: Command) => {
      process.exitCode = await run(options, command);
    });
}
