import type { DataSource, EntityManager } from 'typeorm';
import { type OnlineEvaluationRule, type TraceFacts, decideExecution } from '@crucible/domain';
import { topics } from '../data-source/change-notices';
import { OnlineEvaluationOrmEntity } from '../entities/online-evaluation.orm-entity';
import { onlineEvaluationMapper } from '../mappers/online-evaluation.mapper';
import { INSERT_EXECUTIONS } from './online-evaluation.sql';
import { UnchangedReads } from './unchanged-reads';

/** Projects whose rules a process keeps between trace batches. */
const PROJECTS_KEPT = 1000;

/**
 * Each project's online evaluation rules, as every trace batch saved needs them: kept until a rule of the project
 * changes (migration 1795888010172's notices, whichever process changed it), so ingest does not read them per batch.
 */
export class OnlineRulesOfProjects {
  private readonly kept: UnchangedReads<OnlineEvaluationRule[]>;

  constructor(private readonly dataSource: DataSource) {
    this.kept = new UnchangedReads(dataSource, PROJECTS_KEPT);
  }

  of(projectId: string): Promise<OnlineEvaluationRule[]> {
    return this.kept.read(topics.onlineEvaluationsOf(projectId), projectId, async () =>
      (await this.dataSource.getRepository(OnlineEvaluationOrmEntity).findBy({ projectId })).map(onlineEvaluationMapper.toDomain));
  }
}

/**
 * Logs what each rule decides about each trace of its app, one execution per (rule, trace): the path every trace is
 * saved through (and a backfill) calls it, so no rule misses a trace and none sees one twice.
 */
export async function logOnlineExecutions(
  manager: EntityManager, projectId: string, traces: TraceFacts[], now: Date, rules: OnlineEvaluationRule[],
): Promise<number> {
  const columns = { ruleIds: [] as string[], traceIds: [] as string[], statuses: [] as string[], reasons: [] as Array<string | null>, due: [] as Date[] };
  for (const rule of rules) {
    // Traces name their app as text, which need not be a uuid: compared as text.
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
