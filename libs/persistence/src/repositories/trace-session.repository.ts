import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TraceSession, TraceSessionFilter } from '@crucible/domain';
import { type Page, type PageRequest, TraceSessionRepository } from '@crucible/application';
import { traceSessionFromRow } from '../mappers/trace.mapper';
import { decodeCursor, toPage } from './keyset';
import { traceSessionsHeadSql, traceSessionsSql } from './trace-session.sql';

/** Traces a page reads first, per session it shows (sessions of a few traces each fill it in one read). */
const HEAD_ROWS_PER_SESSION = 10;
/** Past this head, grouping every trace of the filter is as cheap. */
const MAX_HEAD_ROWS = 100_000;

type Row = Record<string, unknown>;

@Injectable()
export class TypeOrmTraceSessionRepository extends TraceSessionRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /**
   * A page groups only the traces of its own sessions, found among the newest traces (`traceSessionsHeadSql`): at a
   * million traces, grouping all of them took a second. A head that falls short (a session of thousands of traces
   * among them) is read ten times longer, and past MAX_HEAD_ROWS every trace is grouped.
   */
  async list(projectId: string, filter: TraceSessionFilter, page: PageRequest): Promise<Page<TraceSession>> {
    const after = page.cursor ? (decodeCursor(page.cursor, ['timestamptz', 'text']) as [string, string]) : null;
    const rows = page.limit === null ? await this.groupAll(projectId, filter, after, null) : await this.fromHead(projectId, filter, after, page.limit);
    return toPage(rows, page, (row) => [String(row['last_key']), String(row['session_id'])], traceSessionFromRow);
  }

  private async fromHead(projectId: string, filter: TraceSessionFilter, after: [string, string] | null, limit: number): Promise<Row[]> {
    for (let headRows = (limit + 1) * HEAD_ROWS_PER_SESSION; headRows <= MAX_HEAD_ROWS; headRows *= 10) {
      const { sql, params } = traceSessionsHeadSql(projectId, filter, after, limit, headRows);
      const rows: Row[] = await this.dataSource.query(sql, params);
      const sessions = rows.filter((row) => row['session_id'] !== null);
      if (sessions.length === limit + 1 || Number(rows[0]!['head_rows']) < headRows) return sessions;
    }
    return this.groupAll(projectId, filter, after, limit);
  }

  private groupAll(projectId: string, filter: TraceSessionFilter, after: [string, string] | null, limit: number | null): Promise<Row[]> {
    const { sql, params } = traceSessionsSql(projectId, filter, after, limit);
    return this.dataSource.query(sql, params);
  }
}
