import { SchedulerRegistry } from '@nestjs/schedule';
import { SweepUnfinishedRunsUseCase } from '@crucible/application';
import {
  InMemoryEvaluationRepository, InMemoryExclusiveLock, InMemoryHumanEvaluationRepository, InMemoryTraceRepository, RecordingJobQueue,
} from '@crucible/application/testing';
import { SweeperScheduler } from './sweeper.scheduler';

/** Counts the rounds that reach the lock; while `holding`, a round waits there for `release`. */
class CountingLock extends InMemoryExclusiveLock {
  rounds = 0;
  holding = false;
  private waiting: Array<() => void> = [];

  override async runExclusively(work: () => Promise<void>): Promise<boolean> {
    this.rounds += 1;
    if (this.holding) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return super.runExclusively(work);
  }

  release(): void {
    this.holding = false;
    this.waiting.splice(0).forEach((resolve) => resolve());
  }
}

function schedulerOf(intervalMs: number) {
  const lock = new CountingLock();
  const sweep = new SweepUnfinishedRunsUseCase(
    new InMemoryEvaluationRepository(new InMemoryTraceRepository()), new InMemoryHumanEvaluationRepository(), new RecordingJobQueue(), lock,
  );
  const schedules = new SchedulerRegistry();
  return { sweep: lock, schedules, scheduler: new SweeperScheduler(sweep, schedules, intervalMs) };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('the sweeper schedule', () => {
  it('sweeps at start and then on every tick, and stops once the schedule module clears its interval', async () => {
    const { sweep, schedules, scheduler } = schedulerOf(10);
    scheduler.onApplicationBootstrap();
    await until(() => sweep.rounds === 1);
    await until(() => sweep.rounds >= 3);
    schedules.getIntervals().forEach((name) => schedules.deleteInterval(name));
    await scheduler.onApplicationShutdown();
    const rounds = sweep.rounds;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sweep.rounds).toBe(rounds);
  });

  it('skips ticks while a round still runs, and shutdown waits for that round', async () => {
    const { sweep, schedules, scheduler } = schedulerOf(5);
    sweep.holding = true;
    scheduler.onApplicationBootstrap();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sweep.rounds).toBe(1);
    schedules.getIntervals().forEach((name) => schedules.deleteInterval(name));
    let stopped = false;
    const shutdown = scheduler.onApplicationShutdown().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    sweep.release();
    await shutdown;
    expect(stopped).toBe(true);
  });
});
