import { CommanderError } from 'commander';
import { buildProgram } from './program';
import { CliError, EXIT } from './support/cli-error';

/** Exit 0 pass, 1 a gate failed, 2 usage or service error — always with a one-line reason on stderr. */
async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return Number(process.exitCode ?? EXIT.pass);
  } catch (error) {
    if (error instanceof CommanderError) {
      // commander printed its message (and the hint) already; help and version are not errors.
      return ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code) ? EXIT.pass : EXIT.error;
    }
    const message = error instanceof CliError ? error.message : `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
    process.stderr.write(`crucible: ${message}\n`);
    return error instanceof CliError ? error.exitCode : EXIT.error;
  }
}

void main(process.argv).then((code) => {
  process.exitCode = code;
});
