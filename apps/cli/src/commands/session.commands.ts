import type { Command } from 'commander';
import { Api } from '../support/api';
import { type GlobalOptions, apiOf, examples, print } from '../support/command-context';
import { CliError } from '../support/cli-error';
import { storeConnection } from '../support/credentials';
import type { CurrentProject } from '../support/wire';

const whoAmI = (api: Api) => api.call<CurrentProject>(api.client.GET('/projects/current'), 'reading the current project');

export function registerSessionCommands(program: Command): void {
  program.command('login')
    .description('check a host and API key, then store them for later commands (user config directory, mode 0600)')
    .addHelpText('after', `\nTakes the global --host <url> and --key <api key>, both required here.\n${examples('crucible login --host http://localhost:8000 --key crc_…')}`)
    .action(async (_options: unknown, command: Command) => {
      const { host, key } = command.optsWithGlobals<GlobalOptions>();
      if (!host || !key) throw new CliError('login needs --host <url> and --key <api key>');
      const api = new Api({ host: host.replace(/\/+$/, ''), apiKey: key });
      const project = await whoAmI(api);
      const file = storeConnection(api.connection);
      process.stdout.write(`signed in to project "${project.name}" at ${api.connection.host} (stored in ${file})\n`);
    });

  program.command('whoami')
    .description('the project, API key and host the next command will use')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const api = apiOf(command);
      const project = await whoAmI(api);
      print(Boolean(options.json), { host: api.connection.host, ...project }, () =>
        `project "${project.name}" (${project.project_id}) with key "${project.api_key.name}" at ${api.connection.host}`);
    });
}
