import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { type Job, jobSchema } from '@crucible/contracts';
import { JobQueue, throttled } from '@crucible/application';
import { jobKey } from './in-process-job-queue';
import { type BullMqSettings, JOB_ATTEMPTS, redisConnection } from './bullmq-settings';
import { withTimeout } from './with-timeout';
import { type AfterCommit, atOnce } from './after-commit';

/** How long a producer waits for Redis: POST /evaluations answers even when Redis is down. */
const REDIS_TIMEOUT_MS = 2000;

/** BullMQ job ids may not contain ':'; one id per run makes a second enqueue of a live job a no-op. */
export const bullMqJobId = (job: Job): string => jobKey(job).replace(':', '-');

/** Producer side: the api (and the sweeper of each runner) enqueue jobs that any runner process may take. */
@Injectable()
export class BullMqJobQueue extends JobQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('BullMqJobQueue');
  private readonly queue: Queue;
  private readonly logThrottled = throttled(10_000, (message) => this.logger.warn(message));

  constructor(settings: BullMqSettings, private readonly afterCommit: AfterCommit = atOnce) {
    super();
    // Without the offline queue a command fails at once while Redis is away instead of running minutes later.
    this.queue = new Queue(settings.queueName, { connection: { ...redisConnection(settings.redisUrl), enableOfflineQueue: false } });
    this.queue.on('error', (error) => this.logThrottled(`redis: ${error.message}`));
  }

  enqueue(job: Job): Promise<void> {
    return this.afterCommit(() => this.enqueueNow(job));
  }

  discard(job: Job): Promise<void> {
    return this.afterCommit(() => this.discardNow(job));
  }

  private async enqueueNow(job: Job): Promise<void> {
    const payload = jobSchema.parse(job);
    try {
      await withTimeout(this.queue.add(payload.kind, payload, {
        jobId: bullMqJobId(payload),
        // Finished jobs leave no trace, so a run whose job ended without a final state can be enqueued again.
        removeOnComplete: true,
        removeOnFail: true,
        // A job that throws (database briefly down…) is tried again; the run resumes from the rows stored.
        attempts: JOB_ATTEMPTS,
        backoff: { type: 'exponential', delay: 2000 },
      }), REDIS_TIMEOUT_MS, 'enqueueing');
    } catch (error) {
      this.logger.warn(`could not enqueue ${jobKey(payload)} (${(error as Error).message}); the sweeper will enqueue it later`);
    }
  }

  /** Removes a waiting or delayed job; an active one is locked by its runner and stops at its next stop check. */
  private async discardNow(job: Job): Promise<void> {
    const payload = jobSchema.parse(job);
    try {
      await withTimeout(this.queue.remove(bullMqJobId(payload)), REDIS_TIMEOUT_MS, 'discarding');
    } catch (error) {
      this.logger.debug(`${jobKey(payload)} not discarded (${(error as Error).message}); it ends on its own`);
    }
  }

  async ping(): Promise<void> {
    await withTimeout(this.queue.client.then((client) => client.runCommand('ping', [])), REDIS_TIMEOUT_MS, 'redis ping');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
