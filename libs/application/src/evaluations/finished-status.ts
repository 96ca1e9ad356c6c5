import { type EvaluationAggregates, type ScenarioTally, aggregateTallies } from '@crucible/domain';
import type { EvaluationStatusChange } from './ports';

const counted = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * Where an evaluation whose rows are all stored ends, from their tally: failed when every row failed, finished
 * (with errors when a row or an evaluator failed), or aggregation failed when a result cannot be averaged. A run
 * and an upload end by the same rule.
 */
export function finishedStatusOf(configIds: string[], tally: ScenarioTally): EvaluationStatusChange {
  let aggregates: EvaluationAggregates;
  try {
    aggregates = aggregateTallies(configIds, tally);
  } catch (error) {
    return { to: 'EVALUATION_AGGREGATION_FAILED', error: { message: (error as Error).message, stacktrace: (error as Error).stack } };
  }
  if (tally.rows > 0 && aggregates.failedRows === tally.rows) {
    return { to: 'EVALUATION_FAILED', aggregates, error: { message: `every row failed; first error: ${tally.firstRowError}` } };
  }
  const withErrors = aggregates.failedRows > 0 || aggregates.evaluatorErrors > 0;
  return {
    to: withErrors ? 'EVALUATION_FINISHED_WITH_ERRORS' : 'EVALUATION_FINISHED',
    aggregates,
    error: withErrors ? { message: `${counted(aggregates.failedRows, 'row')} failed, ${counted(aggregates.evaluatorErrors, 'evaluator error')}` } : null,
  };
}
