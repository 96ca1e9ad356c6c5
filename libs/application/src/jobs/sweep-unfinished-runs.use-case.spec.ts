import { InMemoryExclusiveLock, InMemoryWorld, RecordingJobQueue, actorOf } from '../testing';
import { SweepUnfinishedRunsUseCase } from './sweep-unfinished-runs.use-case';

/** A queue that Redis left: every call fails, as BullMQ's do while it is away. */
class UnreachableQueue extends RecordingJobQueue {
  override async ping(): Promise<void> {
    throw new Error('redis unreachable');
  }
}

describe('SweepUnfinishedRunsUseCase', () => {
  const world = new InMemoryWorld();
  const actor = actorOf();
  const lock = new InMemoryExclusiveLock();
  const sweepInto = (queue: RecordingJobQueue) => new SweepUnfinishedRunsUseCase(world.evaluations, world.humanEvaluations, queue, lock);

  /** One evaluation and one human evaluation, both INITIALIZED; the evaluation's job was lost (never in `queue`). */
  async function unfinishedRuns() {
    const { evaluation, human } = await world.seedRuns(actor);
    return { evaluation, human };
  }

  it('enqueues every unfinished run again, and leaves finished ones alone', async () => {
    const { evaluation, human } = await unfinishedRuns();
    const finished = await unfinishedRuns();
    await world.evaluations.moveStatus(actor.projectId, finished.evaluation.id, { to: 'EVALUATION_STARTED' });
    await world.evaluations.moveStatus(actor.projectId, finished.evaluation.id, { to: 'EVALUATION_FINISHED' });
    await world.humanEvaluations.moveStatus(actor.projectId, finished.human.id, { to: 'EVALUATION_FAILED', error: { message: 'gave up' } });
    const queue = new RecordingJobQueue();

    expect(await sweepInto(queue).execute()).toBe(2);
    expect(queue.jobs).toEqual([
      { kind: 'evaluation', evaluation_id: evaluation.id, project_id: actor.projectId },
      { kind: 'human_evaluation', human_evaluation_id: human.id, project_id: actor.projectId },
    ]);
  });

  it('does not sweep while the queue is away, nor while another process sweeps', async () => {
    await unfinishedRuns();
    expect(await sweepInto(new UnreachableQueue()).execute()).toBeNull();
    lock.heldElsewhere = true;
    const queue = new RecordingJobQueue();
    try {
      expect(await sweepInto(queue).execute()).toBeNull();
    } finally {
      lock.heldElsewhere = false;
    }
    expect(queue.jobs).toEqual([]);
  });
});
