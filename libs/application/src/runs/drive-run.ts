import type { RateLimit, Run, RunStatus, StatusMachine } from '@crucible/domain';
import type { TestsetRepository } from '../testsets/ports';
import {
  type JobOutcome, type JobSlot, type RunKind, type RunReporter, type RunRepository, type RunStoragePolicy, type StatusChange, JOB_DONE,
  jobLabelOf,
} from './ports';
import { type PendingRow, runRows } from './row-batches';
import { pendingTestsetRows, rowRunKey } from './testset-rows';

export interface RunJob {
  kind: RunKind;
  runId: string;
  projectId: string;
}

/** What one kind of run does with its rows; the lifecycle around it is `driveRun`'s. */
export interface RunPlan<S> {
  rateLimit: Pick<RateLimit, 'batchSize' | 'delayBetweenBatchesSeconds'>;
  /** How many times each row runs (an evaluation's repetitions); once when absent. */
  repetitions?: number;
  /** Invokes and judges one row. */
  runRow(item: PendingRow): Promise<S>;
  /** Stores finished rows in one write; a row stored twice is stored once. */
  store(done: S[]): Promise<void>;
  /** Moves the run to its terminal state once every row is stored. */
  finish(): Promise<void>;
}

export interface RunDriverPorts<R extends Run> {
  runs: RunRepository<R, StatusChange<R['status'] | RunStatus>>;
  testsets: TestsetRepository;
  statuses: StatusMachine<R['status']>;
  reporter: RunReporter;
  policy: RunStoragePolicy;
}

/**
 * The lifecycle both runners share. Safe to run again for the same run (a re-delivered job after a runner
 * died): a terminal run is left alone, rows already stored are skipped, and a run that stops being STARTED
 * (cancelled, deleted, or taken over) stops within two batches of it, or, when batches are faster, within the
 * policy's check times and two batches (runRows). Reports pick-up, progress and the finish. A delivery may end before
 * the run does: after one batch when batches are `delay` apart, or when `slot` asks for the slot back; it then answers
 * when to deliver it again.
 */
export async function driveRun<R extends Run, S>(
  ports: RunDriverPorts<R>, job: RunJob, plan: (run: R) => RunPlan<S>, slot?: JobSlot,
): Promise<JobOutcome> {
  const { runs, testsets, statuses, reporter, policy } = ports;
  const { runId, projectId } = job;
  const label = jobLabelOf(job.kind, runId, projectId);
  const run = await runs.findById(projectId, runId);
  if (!run || statuses.isTerminal(run.status)) return JOB_DONE;
  const steps = plan(run);
  // A run under way delivered before the delay since its last stored batch is over (a restart, a sweep) waits out the
  // rest of it. Storing a batch sets `updatedAt`.
  const underWay = run.status === 'EVALUATION_STARTED' && run.progressDone > 0;
  const delayLeftMs = underWay ? run.updatedAt.getTime() + steps.rateLimit.delayBetweenBatchesSeconds * 1000 - Date.now() : 0;
  if (delayLeftMs > 0) return { kind: 'resume_after', resumeAfterMs: delayLeftMs };
  if (run.status === 'EVALUATION_INITIALIZED' && !(await runs.moveStatus(projectId, runId, { to: 'EVALUATION_STARTED' }))) return JOB_DONE;

  const testset = await testsets.findSummary(projectId, run.testsetId, run.testsetVersion);
  if (!testset) {
    await runs.moveStatus(projectId, runId, {
      to: 'EVALUATION_FAILED', error: { message: `testset ${run.testsetId} no longer exists` },
    });
    reporter.finished(label, { status: 'EVALUATION_FAILED', stored: run.progressDone, total: run.progressTotal });
    return JOB_DONE;
  }
  const repetitions = steps.repetitions ?? 1;
  const stored = new Set((await runs.storedRowRuns(projectId, runId)).map((run) => rowRunKey(run, repetitions)));
  const total = testset.rowsCount * repetitions;
  let storedCount = stored.size;
  reporter.pickedUp(label, { stored: storedCount, total });
  const rows = pendingTestsetRows(testsets, projectId, testset.id, run.testsetVersion, testset.rowsCount, stored, policy, repetitions);
  const stopped = async () => (await runs.statusOf(projectId, runId)) !== 'EVALUATION_STARTED';
  const store = async (done: S[]) => {
    await steps.store(done);
    storedCount += done.length;
    reporter.progress(label, { stored: storedCount, total });
  };
  const yieldRequested = slot ? () => slot.yieldRequested() : undefined;
  const outcome = await runRows(rows, steps.rateLimit, { runRow: steps.runRow, store, stopped, yieldRequested }, policy);
  if (outcome.kind === 'paused') return { kind: 'resume_after', resumeAfterMs: outcome.resumeAfterMs };
  if (outcome.kind === 'all_ran') await steps.finish();
  const final = await runs.findById(projectId, runId);
  if (final) reporter.finished(label, { status: final.status, stored: final.progressDone, total });
  return JOB_DONE;
}
