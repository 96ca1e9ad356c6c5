import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobQueue } from '@crucible/application';

export type DependencyState = 'up' | 'down';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  database: DependencyState;
  queue: DependencyState;
  /** Which dependency is down and why; absent when all are up. */
  detail?: string;
}

/** A probe that hangs (a half-open connection) counts as down after this long. */
const PROBE_TIMEOUT_MS = 2000;

async function probe(work: () => Promise<unknown>): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([work(), new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
    })]);
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    clearTimeout(timer);
  }
}

/** What /health reports, shared by the api and the workflow-runner: each dependency, probed at once. */
@Injectable()
export class DependencyHealth {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
  ) {}

  async check(): Promise<HealthReport> {
    const [database, queue] = await Promise.all([
      probe(() => this.dataSource.query('SELECT 1')),
      probe(() => this.queue.ping()),
    ]);
    const problems = [
      ...(database === null ? [] : [`database unreachable: ${database}`]),
      ...(queue === null ? [] : [`queue unreachable: ${queue}`]),
    ];
    return {
      status: problems.length === 0 ? 'ok' : 'unavailable',
      database: database === null ? 'up' : 'down',
      queue: queue === null ? 'up' : 'down',
      ...(problems.length > 0 ? { detail: problems.join('; ') } : {}),
    };
  }
}
