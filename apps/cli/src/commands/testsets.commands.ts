import { basename, extname } from 'node:path';
import type { Command } from 'commander';
import { apiOf, examples } from '../support/command-context';
import { CliError } from '../support/cli-error';
import { pushTestset, resolveApp } from '../support/resolve';
import { writeRows } from '../support/testset-files';

export function registerTestsetCommands(program: Command): void {
  const testsets = program.command('testsets').description('test sets');
  testsets.command('push')
    .description('create a test set from a CSV (header row) or JSON file, or replace the rows of the one with that name')
    .argument('<file>', 'data.csv or data.json')
    .option('--name <name>', 'test set name (default: the file name)')
    .option('--app <name|id>', 'attach it to an app')
    .addHelpText('after', examples('crucible testsets push capitals.csv --name capitals'))
    .action(async (file: string, options: { name?: string; app?: string }, command: Command) => {
      const api = apiOf(command);
      const name = options.name ?? basename(file, extname(file));
      const appId = options.app ? (await resolveApp(api, options.app)).app_id : undefined;
      const pushed = await pushTestset(api, file, name, appId);
      process.stdout.write(`${pushed.created ? 'created' : 'replaced'} test set "${name}" (${pushed.rows} rows, id ${pushed.id})\n`);
    });

  testsets.command('pull')
    .description('write a test set to a file (CSV, or JSON when the file ends in .json)')
    .requiredOption('--name <name|id>', 'the test set')
    .requiredOption('-o, --output <file>', 'where to write it')
    .addHelpText('after', examples('crucible testsets pull --name capitals -o capitals.csv'))
    .action(async (options: { name: string; output: string }, command: Command) => {
      const api = apiOf(command);
      const list = await api.callAll((query) => api.client.GET('/testsets', { params: { query } }), 'listing test sets');
      const summary = list.find((t) => t.name === options.name || t.id === options.name);
      if (!summary) throw new CliError(`no test set "${options.name}"`);
      const testset = await api.call(api.client.GET('/testsets/{testset_id}', { params: { path: { testset_id: summary.id } } }), 'reading the test set');
      const columns = testset.columns ?? Object.keys(testset.csvdata[0] ?? {});
      writeRows(options.output, columns, testset.csvdata as Parameters<typeof writeRows>[2]);
      process.stdout.write(`wrote ${testset.csvdata.length} rows of "${testset.name}" to ${options.output}\n`);
    });
}
