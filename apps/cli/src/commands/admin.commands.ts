import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Command } from 'commander';
import { examples } from '../support/command-context';
import { CliError } from '../support/cli-error';

/**
 * The CLI talks HTTP only (ARCHITECTURE §2): rotation, which must run while an embedded api is stopped, is the
 * server's own entry point beside it in the same installation, run as a child process with this environment.
 */
function rotationEntry(): string[] {
  const extension = extname(__filename);
  const entry = join(__dirname, '..', '..', '..', 'api', 'src', `admin-rotate-secrets${extension}`);
  if (!existsSync(entry)) {
    throw new CliError('rotate-secrets runs where the Crucible server is installed (it opens the database itself): run `npm run crucible -- admin rotate-secrets` in the server\'s directory');
  }
  return extension === '.ts' ? ['-r', require.resolve('@swc-node/register'), entry] : [entry];
}

export function registerAdminCommands(program: Command): void {
  const admin = program.command('admin').description('operator tasks run beside the server, on its database');
  admin.command('rotate-secrets')
    .description('re-encrypt every stored provider key under CRUCIBLE_SECRET_KEY, reading old ones with CRUCIBLE_SECRET_KEY_PREVIOUS '
      + '(opens the database from DATABASE_URL, else CRUCIBLE_DATA_DIR; stop an embedded api first)')
    .addHelpText('after', examples(
      'CRUCIBLE_SECRET_KEY=$(openssl rand -base64 32) CRUCIBLE_SECRET_KEY_PREVIOUS=<old key> crucible admin rotate-secrets',
    ))
    .action(async () => {
      const code = await new Promise<number>((resolve, reject) => {
        const child = spawn(process.execPath, rotationEntry(), { stdio: 'inherit', env: process.env });
        child.once('error', reject);
        child.once('exit', (exitCode) => resolve(exitCode ?? 1));
      });
      if (code !== 0) throw new CliError('rotate-secrets failed (see above); running it again finishes a rotation that stopped half-way');
    });
}
