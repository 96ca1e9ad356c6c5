import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';

export interface GroupMemory {
  /** Resident memory of every process in the group, MB. */
  totalMb: number;
  /** The largest process of the group (the server itself, under npm and sh), MB. */
  largestMb: number;
}

/** Sums VmRSS over the processes whose process group is `pgid` (Linux /proc). */
export function groupMemory(pgid: number): GroupMemory {
  let totalKb = 0;
  let largestKb = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after "(comm)": state, ppid, pgrp, …
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== pgid) continue;
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1] ?? 0);
      totalKb += rssKb;
      largestKb = Math.max(largestKb, rssKb);
    } catch {
      // the process exited while we looked
    }
  }
  return { totalMb: totalKb / 1024, largestMb: largestKb / 1024 };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface StartedGroup {
  child: ChildProcess;
  /** Seconds from spawn until `healthUrl` first answered (any status). */
  readySeconds: number;
  output(): string;
  stop(): Promise<void>;
}

/** Spawns `command` as the leader of its own process group and waits for its health endpoint to answer. */
export async function startGroup(command: string[], options: { cwd: string; env: NodeJS.ProcessEnv; healthUrl: string; timeoutMs?: number }): Promise<StartedGroup> {
  const started = performance.now();
  let output = '';
  const [file, ...args] = command;
  const child = spawn(file, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}:\n${output}`);
    try {
      await fetch(options.healthUrl);
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${command.join(' ')} did not answer ${options.healthUrl}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { child, readySeconds: (performance.now() - started) / 1000, output: () => output, stop };
}
