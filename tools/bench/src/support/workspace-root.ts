import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository root, whether the bench runs from its sources or compiled under dist/server. */
export function workspaceRoot(from: string = __dirname): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'nx.json'))) return dir;
  }
  throw new Error(`no workspace root (nx.json) above ${from}`);
}
