import type { DataSource } from 'typeorm';
import type { ScenarioTally } from '@crucible/domain';
import { EVALUATOR_TALLY_SQL, ROW_TALLY_SQL } from './evaluation.sql';

interface RowTallyRow {
  rows: number; failed_rows: number; first_row_error: string | null;
  cost_count: number; cost_sum: number; cost_total: number; latency_count: number; latency_sum: number;
}
interface EvaluatorTallyRow {
  config_id: string; results: number; errors: number; first_error: string | null;
  numeric_count: number; numeric_sum: number; unaggregatable: { type: string; value: unknown } | null;
}

/** The domain's ScenarioTally, computed by the database over every stored scenario of one evaluation. */
export async function tallyStoredScenarios(
  dataSource: DataSource, projectId: string, evaluationId: string, evaluatorConfigIds: string[],
): Promise<ScenarioTally> {
  const { rows, evaluators } = await dataSource.transaction(async (manager) => {
    // The planner takes each row's results for 100 (any set-returning function's guess), so past a few thousand rows
    // the plan looks expensive enough for PostgreSQL's JIT, whose compiling then outweighs the query: at 20 000 rows
    // 452 ms with it (282 of them compiling), 98 without.
    await manager.query('SET LOCAL jit = off');
    const [rowTally]: RowTallyRow[] = await manager.query(ROW_TALLY_SQL, [projectId, evaluationId]);
    return { rows: rowTally, evaluators: await manager.query(EVALUATOR_TALLY_SQL, [projectId, evaluationId]) as EvaluatorTallyRow[] };
  });
  const total = rows!.rows;
  return {
    rows: total, failedRows: rows!.failed_rows, firstRowError: rows!.first_row_error,
    costCount: rows!.cost_count, costSum: rows!.cost_sum, costTotal: rows!.cost_total, latencyCount: rows!.latency_count, latencySum: rows!.latency_sum,
    evaluatorErrors: evaluators.reduce((sum, e) => sum + e.errors, 0),
    evaluators: evaluatorConfigIds.map((evaluatorConfigId) => {
      const found = evaluators.find((e) => e.config_id === evaluatorConfigId);
      // A row without this evaluator's result counts as an error, as the domain's tally has it.
      const missing = total - (found?.results ?? 0);
      return {
        evaluatorConfigId, total, errors: (found?.errors ?? 0) + missing,
        firstError: found?.first_error ?? (missing > 0 ? 'the evaluator did not run' : null),
        numericCount: found?.numeric_count ?? 0, numericSum: found?.numeric_sum ?? 0,
        unaggregatable: found?.unaggregatable ?? null,
      };
    }),
  };
}
