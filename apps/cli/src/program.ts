import { Command } from 'commander';
import { registerDeployCommands } from './commands/deploy.commands';
import { registerEvalCommands } from './commands/eval.commands';
import { registerRegistryCommands } from './commands/registry.commands';
import { registerSessionCommands } from './commands/session.commands';
import { registerTestsetCommands } from './commands/testsets.commands';
import { registerAdminCommands } from './commands/admin.commands';
import { examples } from './support/command-context';

/** The whole command tree; usage errors throw (exitOverride) so main() can answer them with exit code 2. */
export function buildProgram(): Command {
  const program = new Command('crucible')
    .description('Crucible from a terminal: evaluations in CI with gates, deploys and test sets')
    .version('0.1.0')
    .option('--host <url>', 'the Crucible api (default: CRUCIBLE_HOST, else what `crucible login` stored)')
    .option('--key <api key>', 'the API key (default: CRUCIBLE_API_KEY, else what `crucible login` stored; visible in `ps`)')
    .exitOverride()
    .showHelpAfterError('(add --help for usage and examples)')
    .addHelpText('after', examples(
      'crucible login --host http://localhost:8000   # asks for the key; or --key-stdin, or CRUCIBLE_API_KEY',
      'crucible testsets push capitals.csv --name capitals',
      'crucible eval run --app support-bot --revision main --testset capitals --evaluator auto_exact_match --min auto_exact_match=0.9',
      'crucible deploy --app support-bot --variant main@3 --env production',
    ));
  registerSessionCommands(program);
  registerRegistryCommands(program);
  registerTestsetCommands(program);
  registerEvalCommands(program);
  registerDeployCommands(program);
  registerAdminCommands(program);
  return program;
}
