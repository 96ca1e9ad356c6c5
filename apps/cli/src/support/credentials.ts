import { chmodSync, closeSync, constants, fchmodSync, lstatSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CliError } from './cli-error';

export interface Connection {
  host: string;
  apiKey: string;
}

/** $CRUCIBLE_CONFIG_DIR, else $XDG_CONFIG_HOME/crucible, else ~/.config/crucible. */
export function configDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return env['CRUCIBLE_CONFIG_DIR'] ?? join(env['XDG_CONFIG_HOME'] ?? join(homedir(), '.config'), 'crucible');
}

const credentialsFile = (env: NodeJS.ProcessEnv) => join(configDirectory(env), 'credentials.json');
const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

// A link planted there would send the key to, or read it from, a file someone else chose.
const symlinkRefusal = (file: string) =>
  new CliError(`${file} is a symbolic link, which crucible does not follow: remove it and run \`crucible login\` again`);

/** Opens the file itself, never what a symbolic link points to (checked first for the message, then by O_NOFOLLOW against a race). */
function openNotFollowing(file: string, flags: number, mode?: number): number {
  if (lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()) throw symlinkRefusal(file);
  try {
    return openSync(file, flags | constants.O_NOFOLLOW, mode);
  } catch (error) {
    if (errorCode(error) === 'ELOOP') throw symlinkRefusal(file);
    throw error;
  }
}

export function readStoredConnection(env: NodeJS.ProcessEnv = process.env): Partial<Connection> {
  const file = credentialsFile(env);
  let text: string;
  try {
    const descriptor = openNotFollowing(file, constants.O_RDONLY);
    try {
      text = readFileSync(descriptor, 'utf8');
    } finally {
      closeSync(descriptor);
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    return {};
  }
  try {
    const stored = JSON.parse(text) as { host?: unknown; api_key?: unknown };
    return {
      host: typeof stored.host === 'string' ? stored.host : undefined,
      apiKey: typeof stored.api_key === 'string' ? stored.api_key : undefined,
    };
  } catch {
    return {};
  }
}

/** Writes host and key readable by the user only (0600), in a directory only the user can list (0700). */
export function storeConnection(connection: Connection, env: NodeJS.ProcessEnv = process.env): string {
  const directory = configDirectory(env);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  chmodSync(directory, 0o700); // mkdir leaves a directory that already exists as open as it was
  const file = credentialsFile(env);
  const descriptor = openNotFollowing(file, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC, 0o600);
  try {
    fchmodSync(descriptor, 0o600);
    writeSync(descriptor, `${JSON.stringify({ host: connection.host, api_key: connection.apiKey }, null, 2)}\n`);
  } finally {
    closeSync(descriptor);
  }
  return file;
}

/** Flags first, then CRUCIBLE_HOST / CRUCIBLE_API_KEY, then what `crucible login` stored (read only when needed). */
export function resolveConnection(flags: { host?: string; key?: string }, env: NodeJS.ProcessEnv = process.env): Connection {
  let host = flags.host ?? env['CRUCIBLE_HOST'];
  let apiKey = flags.key ?? env['CRUCIBLE_API_KEY'];
  if (!host || !apiKey) {
    const stored = readStoredConnection(env);
    host ??= stored.host;
    apiKey ??= stored.apiKey;
  }
  if (!host || !apiKey) {
    throw new CliError('not signed in: run `crucible login --host <url> --key-stdin` or set CRUCIBLE_HOST and CRUCIBLE_API_KEY');
  }
  return { host: host.replace(/\/+$/, ''), apiKey };
}
