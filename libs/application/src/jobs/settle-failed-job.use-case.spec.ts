import { DomainError } from '@crucible/domain';
import { InMemoryWorld, SimulatedOutage, SimulatedOutageClassifier, actorOf } from '../testing';
import { SettleFailedJobUseCase } from './settle-failed-job.use-case';

const first = { attempt: 1, maxAttempts: 5 };
const last = { attempt: 5, maxAttempts: 5 };

describe('SettleFailedJobUseCase', () => {
  const world = new InMemoryWorld();
  const actor = actorOf();
  const settle = new SettleFailedJobUseCase(world.evaluations, world.humanEvaluations, new SimulatedOutageClassifier());

  async function queuedRuns() {
    const { evaluation, human } = await world.seedRuns(actor);
    return {
      evaluationJob: { kind: 'evaluation', evaluation_id: evaluation.id, project_id: actor.projectId },
      humanJob: { kind: 'human_evaluation', human_evaluation_id: human.id, project_id: actor.projectId },
      statusOf: async () => [
        (await world.evaluations.findById(actor.projectId, evaluation.id))?.status,
        (await world.humanEvaluations.findById(actor.projectId, human.id))?.status,
      ],
    };
  }

  it('retries an unexpected failure while tries are left, then fails the run with the last error', async () => {
    const { evaluationJob, humanJob, statusOf } = await queuedRuns();
    expect(await settle.execute(evaluationJob, new Error('socket hang up'), first)).toBe('retry');
    expect(await statusOf()).toEqual(['EVALUATION_INITIALIZED', 'EVALUATION_INITIALIZED']);
    expect(await settle.execute(evaluationJob, new Error('socket hang up'), last)).toBe('run_failed');
    expect(await settle.execute(humanJob, new Error('out of memory'), last)).toBe('run_failed');
    expect(await statusOf()).toEqual(['EVALUATION_FAILED', 'EVALUATION_FAILED']);
    expect((await world.evaluations.findById(actor.projectId, evaluationJob.evaluation_id))?.statusError)
      .toEqual({ message: 'the job failed 5 time(s); last error: socket hang up' });
  });

  it('fails the run at once when a domain rule is broken, with the rule’s own message', async () => {
    const { evaluationJob } = await queuedRuns();
    expect(await settle.execute(evaluationJob, new DomainError('not_found', 'testset t not found'), first)).toBe('run_failed');
    expect(await world.evaluations.findById(actor.projectId, evaluationJob.evaluation_id))
      .toMatchObject({ status: 'EVALUATION_FAILED', statusError: { message: 'testset t not found' } });
  });

  it('never fails a run for an outage: retried while tries are left, then left for the sweeper', async () => {
    const { evaluationJob, statusOf } = await queuedRuns();
    expect(await settle.execute(evaluationJob, new SimulatedOutage(), first)).toBe('retry');
    expect(await settle.execute(evaluationJob, new SimulatedOutage(), last)).toBe('left_for_sweeper');
    expect(await statusOf()).toEqual(['EVALUATION_INITIALIZED', 'EVALUATION_INITIALIZED']);
  });

  it('leaves the run for the sweeper when the database goes away while it is being failed', async () => {
    const { evaluationJob } = await queuedRuns();
    const unreachable = jest.spyOn(world.evaluations, 'moveStatus').mockRejectedValueOnce(new SimulatedOutage());
    try {
      expect(await settle.execute(evaluationJob, new Error('boom'), last)).toBe('left_for_sweeper');
    } finally {
      unreachable.mockRestore();
    }
  });

  it('keeps a final state, and drops a payload that names no run', async () => {
    const { evaluationJob } = await queuedRuns();
    await world.evaluations.moveStatus(actor.projectId, evaluationJob.evaluation_id, { to: 'EVALUATION_CANCELLED' });
    expect(await settle.execute(evaluationJob, new Error('late failure'), last)).toBe('run_failed');
    expect((await world.evaluations.findById(actor.projectId, evaluationJob.evaluation_id))?.status).toBe('EVALUATION_CANCELLED');
    expect(await settle.execute({ kind: 'evaluation' }, new Error('x'), last)).toBe('dropped');
    expect(await settle.execute('not a job', new Error('x'), first)).toBe('dropped');
  });
});
