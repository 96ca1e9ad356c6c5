import type { Command } from 'commander';
import { Api } from '../support/api';
import { loginKey } from '../support/api-key-input';
import { type GlobalOptions, apiOf, examples, print } from '../support/command-context';
import { CliError } from '../support/cli-error';
import { storeConnection } from '../support/credentials';

const whoAmI = (api: Api) => api.call(api.client.GET('/projects/current'), 'reading the current project');

export function registerSessionCommands(program: Command): void {
  program.command('login')
    .description('check a host and API key, then store them for later commands (user config directory 0700, file 0600)')
    .option('--key-stdin', 'read the API key from standard input (first line)')
    .addHelpText('after', [
      '\nTakes the global --host <url> (or CRUCIBLE_HOST). The key comes from --key-stdin, else CRUCIBLE_API_KEY, else a prompt',
      'on a terminal (not echoed). The global --key still works but shows the key in `ps` and shell history.',
      examples('crucible login --host http://localhost:8000', 'printf %s "$CRUCIBLE_KEY" | crucible login --host http://localhost:8000 --key-stdin'),
    ].join('\n'))
    .action(async (options: { keyStdin?: boolean }, command: Command) => {
      const { host, key } = command.optsWithGlobals<GlobalOptions>();
      const chosenHost = host ?? process.env['CRUCIBLE_HOST'];
      if (!chosenHost) throw new CliError('login needs --host <url> (or CRUCIBLE_HOST)');
      const api = new Api({ host: chosenHost.replace(/\/+$/, ''), apiKey: await loginKey({ keyStdin: options.keyStdin, key }) });
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
