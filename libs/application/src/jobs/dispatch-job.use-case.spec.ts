import { InMemoryProjectRepository, InMemoryWorld, actorOf } from '../testing';
import { RunEvaluationUseCase } from '../evaluations/use-cases/run-evaluation.use-case';
import { RunHumanEvaluationUseCase } from '../human-evaluations/use-cases/run-human-evaluation.use-case';
import { JOB_DONE } from '../runs/ports';
import { DispatchJobUseCase } from './dispatch-job.use-case';

/** What a database answers a run's write once its project's rows were deleted under it. */
const FOREIGN_KEY = 'insert or update on table "evaluation_scenarios" violates foreign key constraint';

describe('DispatchJobUseCase', () => {
  const world = new InMemoryWorld();
  const projects = new InMemoryProjectRepository();
  const dispatch = new DispatchJobUseCase(
    new RunEvaluationUseCase(world.evaluations, world.testsets, world.invoker, world.evaluators, world.reporter, world.runStoragePolicy),
    new RunHumanEvaluationUseCase(world.humanEvaluations, world.testsets, world.invoker, world.reporter, world.runStoragePolicy),
    world.reporter,
    projects,
  );

  async function runWhoseWriteFails() {
    const actor = actorOf();
    projects.add('p', actor.projectId);
    const { evaluation } = await world.seedRuns(actor);
    jest.spyOn(world.evaluations, 'saveScenarios').mockRejectedValueOnce(new Error(FOREIGN_KEY));
    return { actor, job: { kind: 'evaluation', evaluation_id: evaluation.id, project_id: actor.projectId }, jobId: `evaluation:${evaluation.id}` };
  }

  it('ends a job quietly when its project was deleted while it ran', async () => {
    const { actor, job, jobId } = await runWhoseWriteFails();
    await projects.delete(actor.projectId);
    await expect(dispatch.execute(job)).resolves.toEqual(JOB_DONE);
    expect(world.reporter.of(jobId).filter((event) => event.event === 'failed')).toEqual([]);
  });

  it('still reports and rethrows the failure of a job whose project exists', async () => {
    const { job, jobId } = await runWhoseWriteFails();
    await expect(dispatch.execute(job)).rejects.toThrow(FOREIGN_KEY);
    expect(world.reporter.of(jobId).filter((event) => event.event === 'failed')).toEqual([{ event: 'failed', jobId, message: FOREIGN_KEY }]);
  });
});
