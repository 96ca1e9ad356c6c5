import type { Command } from 'commander';
import { Api } from './api';
import { resolveConnection } from './credentials';

export interface GlobalOptions {
  host?: string;
  key?: string;
}

/** The api of the command's host and key (flags, then environment, then `crucible login`). */
export function apiOf(command: Command): Api {
  const { host, key } = command.optsWithGlobals<GlobalOptions>();
  return new Api(resolveConnection({ host, key }));
}

/** Prints JSON for machines or text for people. */
export function print(json: boolean, data: unknown, text: () => string): void {
  process.stdout.write(json ? `${JSON.stringify(data, null, 2)}\n` : `${text()}\n`);
}

export const examples = (...lines: string[]) => `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;
