import type { Job } from '@crucible/contracts';

export abstract class JobQueue {
  abstract enqueue(job: Job): Promise<void>;
}
