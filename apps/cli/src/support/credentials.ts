import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

export function readStoredConnection(env: NodeJS.ProcessEnv = process.env): Partial<Connection> {
  try {
    const stored = JSON.parse(readFileSync(credentialsFile(env), 'utf8')) as { host?: unknown; api_key?: unknown };
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
  const file = credentialsFile(env);
  mkdirSync(configDirectory(env), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify({ host: connection.host, api_key: connection.apiKey }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/** Flags first, then CRUCIBLE_HOST / CRUCIBLE_API_KEY, then what `crucible login` stored. */
export function resolveConnection(flags: { host?: string; key?: string }, env: NodeJS.ProcessEnv = process.env): Connection {
  const stored = readStoredConnection(env);
  const host = flags.host ?? env['CRUCIBLE_HOST'] ?? stored.host;
  const apiKey = flags.key ?? env['CRUCIBLE_API_KEY'] ?? stored.apiKey;
  if (!host || !apiKey) {
    throw new CliError('not signed in: run `crucible login --host <url> --key <api key>` or set CRUCIBLE_HOST and CRUCIBLE_API_KEY');
  }
  return { host: host.replace(/\/+$/, ''), apiKey };
}
