import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TraceSession, TraceSessionFilter } from '@crucible/domain';
import { type Page, type PageRequest, TraceSessionRepository } from '@crucible/application';
import { traceSessionFromRow } from '../mappers/trace.mapper';
import { decodeCursor, toPage } from './keyset';
import { traceSessionsSql } from './trace-session.sql';

@Injectable()
export class TypeOrmTraceSessionRepository extends TraceSessionRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async list(projectId: string, filter: TraceSessionFilter, page: PageRequest): Promise<Page<TraceSession>> {
    const after = page.cursor ? (decodeCursor(page.cursor, ['timestamptz', 'text']) as [string, string]) : null;
    const { sql, params } = traceSessionsSql(projectId, filter, after, page.limit);
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(sql, params);
    return toPage(rows, page, (row) => [String(row['last_key']), String(row['session_id'])], traceSessionFromRow);
  }
}
