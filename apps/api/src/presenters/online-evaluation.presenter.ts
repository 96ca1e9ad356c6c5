import type { z } from 'zod';
import type { OnlineEvaluationRule, OnlineExecutionCounts } from '@crucible/domain';
import type { OnlineExecution } from '@crucible/application';
import type { onlineEvaluationSchema, onlineExecutionSchema } from '../wire/online-evaluation.wire';

export const presentOnlineEvaluation = (
  { rule, counts }: { rule: OnlineEvaluationRule; counts: OnlineExecutionCounts },
): z.input<typeof onlineEvaluationSchema> => ({
  id: rule.id, name: rule.name, evaluator_config_id: rule.evaluatorConfigId, app_id: rule.appId, environment: rule.environment,
  filter: rule.filter, sampling_rate: rule.samplingRate, delay_seconds: rule.delaySeconds, active: rule.active, paused_reason: rule.pausedReason,
  created_at: rule.createdAt.toISOString(), updated_at: rule.updatedAt.toISOString(), created_by: rule.createdBy,
  executions: { pending: counts.pending, completed: counts.completed, error: counts.error, skipped: counts.skipped },
});

export const presentOnlineExecution = (execution: OnlineExecution): z.input<typeof onlineExecutionSchema> => ({
  trace_id: execution.traceId, status: execution.status, reason: execution.reason, score_id: execution.scoreId, at: execution.at.toISOString(),
});
