import { randomUUID } from 'node:crypto';
import type { Job } from '@crucible/contracts';
import { DispatchJobUseCase, type JobOutcome, type JobSlot, SettleFailedJobUseCase } from '@crucible/application';
import { InProcessJobQueue } from './in-process-job-queue';

type Step = { job: string; batch: number } | { job: string; enqueued: true };

/**
 * Stands in for the run use cases: each job has `batches` batches, one per turn of the event loop, and between two
 * of them gives its slot back when the queue asks (as `runRows` does), or pauses `delayMs` after each when it has one.
 */
class ScriptedRuns {
  readonly log: Step[] = [];
  readonly done = new Set<string>();
  readonly slots = new Map<string, JobSlot>();
  private readonly progress = new Map<string, number>();
  private readonly plans = new Map<string, { batches: number; delayMs: number; blocked?: Promise<void> }>();

  plan(job: Job, batches: number, delayMs = 0, blocked?: Promise<void>): Job {
    this.plans.set(idOf(job), { batches, delayMs, blocked });
    return job;
  }

  readonly dispatch = {
    execute: async (payload: unknown, slot: JobSlot): Promise<JobOutcome> => {
      const id = idOf(payload as Job);
      const { batches, delayMs, blocked } = this.plans.get(id)!;
      this.slots.set(id, slot);
      for (let ran = 0; ; ran += 1) {
        const batch = this.progress.get(id) ?? 0;
        if (batch === batches) break;
        if (ran > 0 && (delayMs > 0 || slot?.yieldRequested())) return { kind: 'resume_after', resumeAfterMs: delayMs };
        this.log.push({ job: id, batch });
        await (blocked ?? new Promise((resolve) => setImmediate(resolve)));
        this.progress.set(id, batch + 1);
      }
      this.done.add(id);
      return { kind: 'done' };
    },
  } as unknown as DispatchJobUseCase;

  firstBatchAt(id: string): number {
    return this.log.findIndex((step) => 'batch' in step && step.job === id);
  }
}

const idOf = (job: Job) => (job.kind === 'evaluation' ? job.evaluation_id : job.human_evaluation_id);
const evaluationOf = (projectId: string): Job => ({ kind: 'evaluation', evaluation_id: randomUUID(), project_id: projectId });
const neverSettled = { execute: async () => 'dropped' } as unknown as SettleFailedJobUseCase;

describe('InProcessJobQueue', () => {
  it("serves projects fairly: another project's first batch is not behind one project's backlog", async () => {
    const runs = new ScriptedRuns();
    const queue = new InProcessJobQueue(runs.dispatch, neverSettled, 2);
    const projectA = randomUUID();
    const backlog = Array.from({ length: 6 }, () => runs.plan(evaluationOf(projectA), 20));
    for (const job of backlog) await queue.enqueue(job);
    await new Promise((resolve) => setImmediate(resolve));
    const other = runs.plan(evaluationOf(randomUUID()), 3);
    runs.log.push({ job: idOf(other), enqueued: true });
    await queue.enqueue(other);
    await queue.whenIdle();

    const enqueuedAt = runs.log.findIndex((step) => 'enqueued' in step);
    const startedAt = runs.firstBatchAt(idOf(other));
    // At most the batches already in flight in both slots come between its arrival and its first batch.
    expect(startedAt - enqueuedAt - 1).toBeLessThanOrEqual(2);
    expect(runs.done.size).toBe(7);
    // Each job ran every batch once: giving a slot back loses nothing and repeats nothing.
    expect(runs.log.filter((step) => 'batch' in step)).toHaveLength(6 * 20 + 3);
  });

  it('lets a job wait out its delay without a slot; enqueueing it meanwhile is a no-op, discarding it drops it', async () => {
    const runs = new ScriptedRuns();
    const queue = new InProcessJobQueue(runs.dispatch, neverSettled, 1);
    const waiting = runs.plan(evaluationOf(randomUUID()), 5, 3_600_000);
    await queue.enqueue(waiting);
    await queue.whenIdle();
    expect(queue.delayedJobs()).toBe(1);

    // The only slot is free: another project's job runs to its end at once.
    const next = runs.plan(evaluationOf(randomUUID()), 4);
    await queue.enqueue(next);
    await queue.whenIdle();
    expect(runs.done.has(idOf(next))).toBe(true);

    // The sweeper's enqueue of the waiting run must not deliver it early.
    await queue.enqueue(waiting);
    await queue.whenIdle();
    expect(runs.log.filter((step) => 'batch' in step && step.job === idOf(waiting))).toHaveLength(1);

    await queue.discard(waiting);
    expect(queue.delayedJobs()).toBe(0);
    // Discarded, it is no longer live: a new enqueue delivers it (what a retry of the same run would do).
    await queue.enqueue(waiting);
    await queue.whenIdle();
    expect(runs.log.filter((step) => 'batch' in step && step.job === idOf(waiting))).toHaveLength(2);
    await queue.onApplicationShutdown();
  });

  it('stops without waiting out delays, and asks running jobs to give their slot back', async () => {
    const runs = new ScriptedRuns();
    const queue = new InProcessJobQueue(runs.dispatch, neverSettled, 2);
    await queue.enqueue(runs.plan(evaluationOf(randomUUID()), 5, 3_600_000));
    await queue.whenIdle();
    let unblock!: () => void;
    const running = runs.plan(evaluationOf(randomUUID()), 1000, 0, new Promise<void>((resolve) => { unblock = resolve; }));
    await queue.enqueue(running);
    expect(runs.slots.get(idOf(running))!.yieldRequested()).toBe(false);

    const stopping = queue.onApplicationShutdown();
    expect(runs.slots.get(idOf(running))!.yieldRequested()).toBe(true);
    expect(queue.delayedJobs()).toBe(0);
    unblock();
    await stopping;
    expect(runs.done.has(idOf(running))).toBe(false);
  });

  it('gives a row that never ends a bounded grace at shutdown, then stops without it (the run resumes on the next start)', async () => {
    const runs = new ScriptedRuns();
    const queue = new InProcessJobQueue(runs.dispatch, neverSettled, 2, 20);
    const stuck = runs.plan(evaluationOf(randomUUID()), 3, 0, new Promise<void>(() => undefined));
    await queue.enqueue(stuck);
    await queue.onApplicationShutdown();
    expect(runs.done.has(idOf(stuck))).toBe(false);
  });
});
