import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { type Job, jobSchema } from '@crucible/contracts';
import { JobQueue } from '@crucible/application';
import { jobKey } from './in-process-job-queue';
import { type BullMqSettings, redisConnection } from './bullmq-settings';

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
