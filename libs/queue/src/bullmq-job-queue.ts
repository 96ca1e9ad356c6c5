import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { type Job, jobSchema } from '@crucible/contracts';
import { JobQueue } from '@crucible/application';
import { jobKey } from './in-process-job-queue';

export interface BullMqSettings {
  redisUrl: string;
  /** How long a runner holds a job without renewing before BullMQ re-delivers it to another runner. */
  lockDurationMs: number;
  concurrency: number;
  /** Separate names keep separate deployments (or test runs) sharing one Redis apart. */
  queueName: string;
}

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

/** Producer side: the api (and anyone else) enqueue jobs that any runner process may take. */
@Injectable()
export class BullMqJobQueue extends JobQueue implements OnApplicationShutdown {
  private readonly queue: Queue;

  constructor(settings: BullMqSettings) {
    super();
    this.queue = new Queue(settings.queueName, { connection: redisConnection(settings.redisUrl) });
  }

  async enqueue(job: Job): Promise<void> {
    const payload = jobSchema.parse(job);
    // The job id dedupes: enqueueing an evaluation twice never runs it twice at once.
    await this.queue.add(payload.kind, payload, {
      jobId: jobKey(payload).replace(':', '-'),
      removeOnComplete: true,
      removeOnFail: 1000,
      // A job that throws (database briefly down…) is tried again; the run resumes from the rows stored.
      attempts: 5,
      backoff: { type: 'exponential', delay: 2000 },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
