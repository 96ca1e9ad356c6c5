/** $1 project, $2 rule ids: executions per rule and state. */
export const EXECUTION_COUNTS = `
  SELECT rule_id, status, count(*)::int AS count
  FROM online_evaluation_executions
  WHERE project_id = $1 AND rule_id = ANY($2::uuid[])
  GROUP BY rule_id, status`;
