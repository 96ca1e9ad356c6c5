export interface BullMqSettings {
  redisUrl: string;
  /** How long a runner holds a job without renewing before BullMQ re-delivers it to another runner. */
  lockDurationMs: number;
  concurrency: number;
  /** Separate names keep separate deployments (or test runs) sharing one Redis apart. */
  queueName: string;
}

/** Tries of one job before it is given up (the run is then marked failed with the last reason). */
export const JOB_ATTEMPTS = 5;

export const redisConnection = (redisUrl: string) => {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password || undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    maxRetriesPerRequest: null,
  };
};
