import type { UnitOfWork } from '@crucible/application';

/**
 * How a producer announces a job: once the change that made its run is committed (UnitOfWork.afterCommit), so a
 * runner never takes a job whose run it cannot see yet, and a job of a change rolled back is never announced.
 */
export type AfterCommit = UnitOfWork['afterCommit'];

/** Without a unit of work (tests that build a queue alone): at once. */
export const atOnce: AfterCommit = async (effect) => {
  await effect();
};
