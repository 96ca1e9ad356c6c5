import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { FailureStreak, OnlineEvaluationRule, OnlineExecutionCounts, OnlineExecutionStatus, TraceFacts } from '@crucible/domain';
import {
  type ClaimedExecution, type ExecutionOutcome, type OnlineExecution, OnlineEvaluationRepository, type Page, type PageRequest, mapPage,
} from '@crucible/application';
import { OnlineEvaluationOrmEntity } from '../entities/online-evaluation.orm-entity';
import { onlineEvaluationMapper } from '../mappers/online-evaluation.mapper';
import { type KeyColumn, OLDEST_FIRST, keysetPage, keysetRawPage } from './keyset';
import { logOnlineExecutions } from './online-execution-intake';
import { CLAIM_DUE, EXECUTION_COUNTS, FAILURE_STREAK, FINISH_EXECUTIONS, TRACES_OF_APP_BETWEEN } from './online-evaluation.sql';

/** A rule's log in the order it saw its traces; a trace is in it once. */
const LOG_ORDER: readonly KeyColumn[] = [{ column: 'created_at', type: 'timestamptz' }, { column: 'trace_id', type: 'text' }];

interface ExecutionRow {
  trace_id: string;
  status: OnlineExecutionStatus;
  reason: string | null;
  score_id: string | null;
  updated_at: Date | string;
}

@Injectable()
export class TypeOrmOnlineEvaluationRepository extends OnlineEvaluationRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get rows() {
    return this.dataSource.getRepository(OnlineEvaluationOrmEntity);
  }

  async create(rule: OnlineEvaluationRule): Promise<void> {
    await this.rows.insert(this.rows.create(onlineEvaluationMapper.toOrm(rule)));
  }

  async list(projectId: string, page: PageRequest): Promise<Page<OnlineEvaluationRule>> {
    const query = this.rows.createQueryBuilder('r').where('r.project_id = :projectId', { projectId });
    return mapPage(await keysetPage(query, OLDEST_FIRST, page), onlineEvaluationMapper.toDomain);
  }

  async findById(projectId: string, id: string): Promise<OnlineEvaluationRule | null> {
    const row = await this.rows.findOneBy({ projectId, id });
    return row ? onlineEvaluationMapper.toDomain(row) : null;
  }

  async setActive(projectId: string, id: string, active: boolean, pausedReason: string | null, now: Date): Promise<OnlineEvaluationRule | null> {
    const { affected } = await this.rows.update({ projectId, id }, { active, pausedReason: active ? null : pausedReason, updatedAt: now });
    return affected ? this.findById(projectId, id) : null;
  }

  async failureStreak(projectId: string, ruleId: string, since: Date): Promise<FailureStreak | null> {
    const [row]: Array<{ first_error_at: Date | string; last_error_at: Date | string; last_error: string | null }> =
      await this.dataSource.query(FAILURE_STREAK, [projectId, ruleId, since]);
    return row ? { firstErrorAt: new Date(row.first_error_at), lastErrorAt: new Date(row.last_error_at), lastError: row.last_error ?? 'no message' } : null;
  }

  async pauseItself(projectId: string, ruleId: string, reason: string, now: Date): Promise<boolean> {
    const { affected } = await this.rows.update({ projectId, id: ruleId, active: true }, { active: false, pausedReason: reason, updatedAt: now });
    return (affected ?? 0) > 0;
  }

  async counts(projectId: string, ruleIds: string[]): Promise<Map<string, OnlineExecutionCounts>> {
    const counts = new Map<string, OnlineExecutionCounts>(ruleIds.map((id) => [id, { pending: 0, completed: 0, error: 0, skipped: 0 }]));
    if (ruleIds.length === 0) return counts;
    const rows: Array<{ rule_id: string; status: OnlineExecutionStatus; count: number }> = await this.dataSource.query(EXECUTION_COUNTS, [projectId, ruleIds]);
    for (const row of rows) counts.get(row.rule_id)![row.status] = row.count;
    return counts;
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedExecution[]> {
    const result: unknown = await this.dataSource.query(CLAIM_DUE, [now, leaseUntil, limit]);
    // `UPDATE … RETURNING` answers `[rows, count]` through TypeORM's postgres driver.
    const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as Array<{ project_id: string; rule_id: string; trace_id: string }>;
    return rows.map((row) => ({ projectId: row.project_id, ruleId: row.rule_id, traceId: row.trace_id }));
  }

  async finish(outcomes: ExecutionOutcome[], now: Date): Promise<void> {
    if (outcomes.length === 0) return;
    const scores = outcomes.flatMap((outcome) => ('score' in outcome ? [outcome.score] : []));
    await this.dataSource.query(FINISH_EXECUTIONS, [
      outcomes.map(({ claim }) => claim.ruleId), outcomes.map(({ claim }) => claim.traceId),
      outcomes.map((outcome) => ('score' in outcome ? 'completed' : 'error')),
      outcomes.map((outcome) => ('score' in outcome ? null : outcome.error)),
      outcomes.map((outcome) => ('score' in outcome ? outcome.score.id : null)),
      now,
      JSON.stringify(scores.map((score) => ({
        project_id: score.projectId, id: score.id, trace_id: score.traceId, span_id: score.spanId, name: score.name, data_type: score.dataType,
        value: score.value, string_value: score.stringValue, comment: score.comment, config_id: score.configId, source: score.source,
        author_id: score.authorId, author: score.author, created_at: score.createdAt.toISOString(),
      }))),
    ]);
  }

  async executions(projectId: string, ruleId: string, status: OnlineExecutionStatus | undefined, page: PageRequest): Promise<Page<OnlineExecution>> {
    const query = this.dataSource.createQueryBuilder()
      .select(['e.trace_id AS trace_id', 'e.status AS status', 'e.reason AS reason', 'e.score_id AS score_id', 'e.updated_at AS updated_at'])
      .from('online_evaluation_executions', 'e')
      .where('e.project_id = :projectId AND e.rule_id = :ruleId', { projectId, ruleId });
    if (status) query.andWhere('e.status = :status', { status });
    return mapPage(await keysetRawPage<ExecutionRow>(query, LOG_ORDER, page), (row) => ({
      traceId: row.trace_id, status: row.status, reason: row.reason, scoreId: row.score_id, at: new Date(row.updated_at),
    }));
  }

  async backfill(rule: OnlineEvaluationRule, from: Date, to: Date, now: Date): Promise<number> {
    const rows: Array<Record<string, string | null>> = await this.dataSource.query(TRACES_OF_APP_BETWEEN, [rule.projectId, rule.appId, from, to]);
    const traces: TraceFacts[] = rows.map((row) => ({
      traceId: row['trace_id']!, appId: row['app_id']!, environment: row['environment'] ?? null, route: row['route'] ?? null,
      status: row['status'] as TraceFacts['status'], model: row['model'] ?? null,
    }));
    // A backfill runs the rule even while it is paused: asking for it is the reason to.
    return logOnlineExecutions(this.dataSource.manager, rule.projectId, traces, now, [{ ...rule, active: true }]);
  }
}
