import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError, type Score } from '@crucible/domain';
import { type Page, type PageRequest, type ScoreFilter, ScoreRepository, type ScoreTarget, mapPage } from '@crucible/application';
import { ScoreOrmEntity } from '../entities/feedback.orm-entity';
import { scoreMapper } from '../mappers/feedback.mapper';
import { isForeignKeyViolation } from '../data-source/database-errors';
import { type KeyColumn, keysetPage } from './keyset';
import { SCORE_TARGET } from './score.sql';

/** Oldest first; ids are the callers' text, unique within the project. */
const SCORE_ORDER: readonly KeyColumn[] = [{ column: 'created_at', type: 'timestamptz' }, { column: 'id', type: 'text' }];

@Injectable()
export class TypeOrmScoreRepository extends ScoreRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get rows() {
    return this.dataSource.getRepository(ScoreOrmEntity);
  }

  async save(score: Score): Promise<{ score: Score; created: boolean }> {
    let inserted: boolean;
    try {
      const result = await this.rows.createQueryBuilder().insert().values(this.rows.create(scoreMapper.toOrm(score)))
        .orIgnore().returning(['id']).execute();
      inserted = result.raw.length > 0;
    } catch (error) {
      // The trace was checked just before; retention may have deleted it since.
      if (isForeignKeyViolation(error)) throw DomainError.notFound('trace', score.traceId);
      throw error;
    }
    if (inserted) return { score, created: true };
    const earlier = await this.findById(score.projectId, score.id);
    return { score: earlier!, created: false };
  }

  async findById(projectId: string, id: string): Promise<Score | null> {
    const row = await this.rows.findOneBy({ projectId, id });
    return row ? scoreMapper.toDomain(row) : null;
  }

  async list(projectId: string, filter: ScoreFilter, page: PageRequest): Promise<Page<Score>> {
    const query = this.rows.createQueryBuilder('s').where('s.project_id = :projectId', { projectId });
    if (filter.traceId) query.andWhere('s.trace_id = :traceId', { traceId: filter.traceId });
    if (filter.sessionId) {
      query.andWhere('s.trace_id IN (SELECT t.trace_id FROM traces t WHERE t.project_id = :projectId AND t.session_id = :sessionId)', {
        sessionId: filter.sessionId,
      });
    }
    if (filter.name) query.andWhere('s.name = :name', { name: filter.name });
    if (filter.source) query.andWhere('s.source = :source', { source: filter.source });
    if (filter.from) query.andWhere('s.created_at >= :from', { from: filter.from.toISOString() });
    if (filter.to) query.andWhere('s.created_at < :to', { to: filter.to.toISOString() });
    return mapPage(await keysetPage(query, SCORE_ORDER, page), scoreMapper.toDomain);
  }

  async target(projectId: string, traceId: string, spanId: string | null): Promise<ScoreTarget> {
    const [row]: Array<{ trace: boolean; span: boolean }> = await this.dataSource.query(SCORE_TARGET, [projectId, [traceId], spanId]);
    if (!row?.trace) return 'no_trace';
    return row.span ? 'found' : 'no_span';
  }
}
