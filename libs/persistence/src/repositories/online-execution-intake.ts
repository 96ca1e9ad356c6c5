import type { EntityManager } from 'typeorm';
import { type OnlineEvaluationRule, type TraceFacts, decideExecution } from '@crucible/domain';
import { OnlineEvaluationOrmEntity } from '../entities/online-evaluation.orm-entity';
import { onlineEvaluationMapper } from '../mappers/online-evaluation.mapper';
import { INSERT_EXECUTIONS } from './online-evaluation.sql';

/**
 * Logs what each rule decides about each trace, one execution per (rule, trace): the path every trace is saved
 * through (and a backfill) calls it, so no rule misses a trace and none sees one twice.
 */
export async function logOnlineExecutions(
  manager: EntityManager, projectId: string, traces: TraceFacts[], now: Date, onlyRule?: OnlineEvaluationRule,
): Promise<number> {
  const appIds = [...new Set(traces.map((trace) => trace.appId).filter((appId): appId is string => appId !== null))];
  if (appIds.length === 0) return 0;
  // Traces name their app as text, which need not be a uuid: compare as text rather than cast what they sent.
  const rules = onlyRule ? [onlyRule] : (await manager.getRepository(OnlineEvaluationOrmEntity).createQueryBuilder('r')
    .where('r.project_id = :projectId AND r.app_id::text IN (:...appIds)', { projectId, appIds }).getMany()).map(onlineEvaluationMapper.toDomain);
  const columns = { ruleIds: [] as string[], traceIds: [] as string[], statuses: [] as string[], reasons: [] as Array<string | null>, due: [] as Date[] };
  for (const rule of rules) {
    for (const trace of traces) {
      if (trace.appId !== rule.appId) continue;
      const decision = decideExecution(rule, trace);
      columns.ruleIds.push(rule.id);
      columns.traceIds.push(trace.traceId);
      columns.statuses.push(decision.status);
      columns.reasons.push(decision.reason);
      columns.due.push(decision.status === 'pending' ? new Date(now.getTime() + rule.delaySeconds * 1000) : now);
    }
  }
  if (columns.ruleIds.length === 0) return 0;
  await manager.query(INSERT_EXECUTIONS, [projectId, columns.ruleIds, columns.traceIds, columns.statuses, columns.reasons, columns.due, now]);
  return columns.ruleIds.length;
}
