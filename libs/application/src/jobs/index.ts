export * from './ports';
export * from './dispatch-job.use-case';
export * from './settle-failed-job.use-case';
export * from './sweep-unfinished-runs.use-case';
import { DispatchJobUseCase } from './dispatch-job.use-case';
import { SettleFailedJobUseCase } from './settle-failed-job.use-case';
import { SweepUnfinishedRunsUseCase } from './sweep-unfinished-runs.use-case';

/** The jobs context's use cases, registered by the composition root (libs/platform). */
export const JOBS_USE_CASES = [
  DispatchJobUseCase, SettleFailedJobUseCase, SweepUnfinishedRunsUseCase,
];
