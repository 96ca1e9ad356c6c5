import type { DataSource } from 'typeorm';
import type { ComparedValue, ScenarioNumbers } from '@crucible/domain';
import { SCENARIO_NUMBERS_SQL } from './evaluation.sql';

/** [row_index, repetition, failed, cost, latency, {evaluator config id: value}] */
type NumbersRow = [number, number, boolean, number | null, number | null, Record<string, unknown> | null];

const comparedValueOf = (value: unknown): ComparedValue => (typeof value === 'boolean' || typeof value === 'number' ? value : null);

/** The numbers a comparison needs of one evaluation's scenarios, in row and repetition order, a keyset chunk per query. */
export async function* streamStoredScenarioNumbers(
  dataSource: DataSource, projectId: string, evaluationId: string, evaluatorConfigIds: string[], chunkSize: number,
): AsyncGenerator<ScenarioNumbers[]> {
  let after: [number, number] = [-1, 0];
  for (;;) {
    const [{ rows }]: Array<{ rows: NumbersRow[] | string }> = await dataSource.query(
      SCENARIO_NUMBERS_SQL, [projectId, evaluationId, after[0], JSON.stringify(evaluatorConfigIds), chunkSize, after[1]],
    );
    const parsed: NumbersRow[] = typeof rows === 'string' ? JSON.parse(rows) : rows;
    if (parsed.length === 0) return;
    yield parsed.map(([rowIndex, repetition, failed, cost, latency, values]) => ({
      rowIndex, repetition, failed, cost, latency, values: evaluatorConfigIds.map((id) => comparedValueOf(values?.[id])),
    }));
    if (parsed.length < chunkSize) return;
    const [lastRow, lastRepetition] = parsed[parsed.length - 1]!;
    after = [lastRow, lastRepetition];
  }
}
