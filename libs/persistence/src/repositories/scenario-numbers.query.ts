import type { DataSource } from 'typeorm';
import type { ComparedValue, ScenarioNumbers } from '@crucible/domain';

/** [row_index, failed, cost, latency, {evaluator config id: value}] */
type NumbersRow = [number, boolean, number | null, number | null, Record<string, unknown> | null];

/**
 * One chunk of rows after `$3` as ONE jsonb value (decoding a row per scenario costs PGlite more than the query).
 * Per result the value follows the domain's comparedValue: a bool result's boolean, any other non-error result's
 * number; a row's first result for an evaluator wins (aggregated last-first, and jsonb keeps a key's last value).
 */
const SCENARIO_NUMBERS_SQL = `
  SELECT coalesce(jsonb_agg(jsonb_build_array(row_index, error IS NOT NULL, cost, latency, "values") ORDER BY row_index), '[]') AS rows
    FROM (
      SELECT s.row_index, s.error, s.cost, s.latency,
             (SELECT jsonb_object_agg(r."evaluatorConfigId", CASE
                       WHEN result.type = 'bool' AND jsonb_typeof(result.value) = 'boolean' THEN result.value
                       WHEN result.type IS DISTINCT FROM 'error' AND jsonb_typeof(result.value) = 'number' THEN result.value
                     END ORDER BY r.position DESC)
                FROM ROWS FROM (jsonb_to_recordset(s.results) AS ("evaluatorConfigId" text, result jsonb))
                     WITH ORDINALITY AS r("evaluatorConfigId", result, position)
                CROSS JOIN LATERAL jsonb_to_record(r.result) AS result(type text, value jsonb)
               WHERE jsonb_exists($4::jsonb, r."evaluatorConfigId")) AS "values"
        FROM evaluation_scenarios s
       WHERE s.project_id = $1 AND s.evaluation_id = $2 AND s.row_index > $3
       ORDER BY s.row_index
       LIMIT $5
    ) AS chunk`;

const comparedValueOf = (value: unknown): ComparedValue => (typeof value === 'boolean' || typeof value === 'number' ? value : null);

/** The numbers a comparison needs of one evaluation's scenarios, in row order, a keyset chunk per query. */
export async function* streamStoredScenarioNumbers(
  dataSource: DataSource, projectId: string, evaluationId: string, evaluatorConfigIds: string[], chunkSize: number,
): AsyncGenerator<ScenarioNumbers[]> {
  let after = -1;
  for (;;) {
    const [{ rows }]: Array<{ rows: NumbersRow[] | string }> = await dataSource.query(
      SCENARIO_NUMBERS_SQL, [projectId, evaluationId, after, JSON.stringify(evaluatorConfigIds), chunkSize],
    );
    const parsed: NumbersRow[] = typeof rows === 'string' ? JSON.parse(rows) : rows;
    if (parsed.length === 0) return;
    yield parsed.map(([rowIndex, failed, cost, latency, values]) => ({
      rowIndex, failed, cost, latency, values: evaluatorConfigIds.map((id) => comparedValueOf(values?.[id])),
    }));
    if (parsed.length < chunkSize) return;
    after = parsed[parsed.length - 1]![0];
  }
}
