import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Command } from 'commander';
import { apiOf, examples, print } from '../support/command-context';
import { CliError } from '../support/cli-error';
import { compareEvaluations, renderComparison } from '../support/comparison';
import { registerEvalRunCommand } from './eval-run.command';
import { registerEvalWaitCommand } from './eval-wait.command';

export function registerEvalCommands(program: Command): void {
  const evaluations = program.command('eval').description('evaluations: run, wait, compare, export');
  registerEvalRunCommand(evaluations);
  registerEvalWaitCommand(evaluations);

  evaluations.command('compare')
    .description('compare finished evaluations of one test set; the first is the baseline (ARCHITECTURE §11)')
    .argument('<ids...>', 'two or more evaluation ids')
    .option('--json', 'print JSON')
    .option('--allow-different-versions', 'compare evaluations run on different versions of the test set, on the rows the versions share')
    .addHelpText('after', examples('crucible eval compare 3f1c… 9a2e…', 'crucible eval compare 3f1c… 9a2e… --allow-different-versions'))
    .action(async (ids: string[], options: { json?: boolean; allowDifferentVersions?: boolean }, command: Command) => {
      if (ids.length < 2) throw new CliError('eval compare needs two or more evaluation ids (the first is the baseline)');
      const comparison = await compareEvaluations(apiOf(command), ids, options.allowDifferentVersions);
      print(Boolean(options.json), comparison, () => renderComparison(comparison));
    });

  evaluations.command('export')
    .description("an evaluation's rows with inputs, output and every evaluator's result, streamed")
    .argument('<id>', 'the evaluation id')
    .option('--format <format>', 'csv or json', 'csv')
    .option('-o, --output <file>', 'write to a file instead of standard output')
    .addHelpText('after', examples('crucible eval export 3f1c… --format csv -o rows.csv'))
    .action(async (id: string, options: { format: string; output?: string }, command: Command) => {
      if (options.format !== 'csv' && options.format !== 'json') throw new CliError(`--format is csv or json, not "${options.format}"`);
      const api = apiOf(command);
      const { response, error } = await api.client.GET('/evaluations/{evaluation_id}/export', {
        params: { path: { evaluation_id: id }, query: { format: options.format } }, parseAs: 'stream',
      }).catch((failure: unknown) => {
        throw new CliError(`cannot reach the Crucible api at ${api.connection.host} (${String(failure)})`);
      });
      if (!response.ok || !response.body) await api.call(Promise.resolve({ response, error }), `exporting evaluation ${id}`);
      await pipeline(Readable.fromWeb(response.body! as import('node:stream/web').ReadableStream), options.output ? createWriteStream(options.output) : process.stdout);
    });
}
