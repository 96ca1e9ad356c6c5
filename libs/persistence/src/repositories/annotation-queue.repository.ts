import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { type AnnotationItem, type AnnotationQueue, type Annotator, DomainError, type ItemRefusal, type QueueProgress, type Score } from '@crucible/domain';
import { AnnotationQueueRepository, type Page, type PageRequest, type QueueCounts, mapPage } from '@crucible/application';
import { AnnotationQueueOrmEntity } from '../entities/annotation-queue.orm-entity';
import { ScoreOrmEntity } from '../entities/feedback.orm-entity';
import { type AnnotationItemRow, annotationItemMapper, annotationQueueMapper } from '../mappers/annotation-queue.mapper';
import { scoreMapper } from '../mappers/feedback.mapper';
import { isForeignKeyViolation, isUniqueViolation } from '../data-source/database-errors';
import { OLDEST_FIRST, keysetPage } from './keyset';
import {
  ADD_ITEMS, ANNOTATOR_PROGRESS, ANY_WAITING, COMPLETE_ITEM, FIND_ITEM, MISSING_TRACES, QUEUE_COUNTS, RENEW_HOLD, SKIP_ITEM, TAKE_NEXT,
} from './annotation-queue.sql';

/** A take that lost every race this many times in a row answers "try again" rather than spinning on. */
const MAX_TAKE_ATTEMPTS = 50;

type ItemOutcome = { item: AnnotationItem } | { refused: ItemRefusal; item: AnnotationItem | null };

@Injectable()
export class TypeOrmAnnotationQueueRepository extends AnnotationQueueRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get rows() {
    return this.dataSource.getRepository(AnnotationQueueOrmEntity);
  }

  async create(queue: AnnotationQueue): Promise<void> {
    await this.rows.insert(this.rows.create(annotationQueueMapper.toOrm(queue)));
  }

  async list(projectId: string, page: PageRequest): Promise<Page<AnnotationQueue>> {
    const query = this.rows.createQueryBuilder('q').where('q.project_id = :projectId', { projectId });
    return mapPage(await keysetPage(query, OLDEST_FIRST, page), annotationQueueMapper.toDomain);
  }

  async findById(projectId: string, id: string): Promise<AnnotationQueue | null> {
    const row = await this.rows.findOneBy({ projectId, id });
    return row ? annotationQueueMapper.toDomain(row) : null;
  }

  async counts(projectId: string, queueIds: string[], now: Date): Promise<Map<string, QueueCounts>> {
    if (queueIds.length === 0) return new Map();
    const rows: Array<QueueCounts & { queue_id: string }> = await this.dataSource.query(QUEUE_COUNTS, [projectId, queueIds, now]);
    return new Map(rows.map(({ queue_id, total, done, held }) => [queue_id, { total, done, held }]));
  }

  async progress(projectId: string, queueId: string, now: Date): Promise<QueueProgress> {
    const counts = (await this.counts(projectId, [queueId], now)).get(queueId) ?? { total: 0, done: 0, held: 0 };
    const rows: Array<{ annotator_id: string; annotator: string; done: number; holding: boolean }> =
      await this.dataSource.query(ANNOTATOR_PROGRESS, [projectId, queueId, now]);
    return {
      ...counts,
      annotators: rows.map((row) => ({ annotator: { id: row.annotator_id, name: row.annotator }, done: row.done, holding: row.holding })),
    };
  }

  async missingTraces(projectId: string, traceIds: string[]): Promise<string[]> {
    const rows: Array<{ trace_id: string }> = await this.dataSource.query(MISSING_TRACES, [projectId, traceIds]);
    return rows.map((row) => row.trace_id);
  }

  async addItems(projectId: string, queueId: string, traceIds: string[], now: Date): Promise<number> {
    try {
      const added: unknown[] = await this.dataSource.query(ADD_ITEMS, [projectId, queueId, traceIds.map(() => randomUUID()), traceIds, now]);
      return added.length;
    } catch (error) {
      // The traces were checked just before; retention may have deleted one since.
      if (isForeignKeyViolation(error)) throw new DomainError('not_found', 'a trace named in trace_ids was deleted meanwhile');
      throw error;
    }
  }

  async findItem(projectId: string, queueId: string, itemId: string): Promise<AnnotationItem | null> {
    return this.itemIn(this.dataSource.manager, projectId, queueId, itemId);
  }

  async next(projectId: string, queueId: string, annotator: Annotator, now: Date, holdUntil: Date): Promise<AnnotationItem | null> {
    for (let attempt = 0; attempt < MAX_TAKE_ATTEMPTS; attempt++) {
      const [held]: AnnotationItemRow[] = await this.updated(RENEW_HOLD, [projectId, queueId, annotator.id, annotator.name, holdUntil]);
      if (held) return annotationItemMapper.fromRow(held);
      try {
        const [taken]: AnnotationItemRow[] = await this.updated(TAKE_NEXT, [projectId, queueId, annotator.id, annotator.name, now, holdUntil]);
        if (taken) return annotationItemMapper.fromRow(taken);
      } catch (error) {
        // Another call of the same annotator took an item meanwhile: the next round renews that one.
        if (isUniqueViolation(error)) continue;
        throw error;
      }
      const [{ waiting }]: Array<{ waiting: boolean }> = await this.dataSource.query(ANY_WAITING, [projectId, queueId, now]);
      if (!waiting) return null;
    }
    throw DomainError.tooBusy(`annotation queue ${queueId} is busy: ask for the next item again`, 1);
  }

  complete(projectId: string, queueId: string, itemId: string, annotator: Annotator, scores: Score[], now: Date): Promise<ItemOutcome> {
    return this.dataSource.transaction(async (manager) => {
      const [row]: AnnotationItemRow[] = await this.updated(COMPLETE_ITEM, [projectId, queueId, itemId, annotator.id, annotator.name, now], manager);
      if (!row) return this.refusal(manager, projectId, queueId, itemId);
      try {
        if (scores.length > 0) await manager.getRepository(ScoreOrmEntity).insert(scores.map(scoreMapper.toOrm));
      } catch (error) {
        if (isForeignKeyViolation(error)) throw DomainError.notFound('trace', row.trace_id);
        throw error;
      }
      return { item: annotationItemMapper.fromRow(row) };
    });
  }

  async skip(projectId: string, queueId: string, itemId: string, annotator: Annotator, now: Date): Promise<ItemOutcome> {
    const [row]: AnnotationItemRow[] = await this.updated(SKIP_ITEM, [projectId, queueId, itemId, annotator.id, now]);
    return row ? { item: annotationItemMapper.fromRow(row) } : this.refusal(this.dataSource.manager, projectId, queueId, itemId);
  }

  /** `UPDATE … RETURNING` answers `[rows, count]` through TypeORM's postgres driver; the rows are what matter. */
  private async updated(sql: string, parameters: unknown[], manager: EntityManager = this.dataSource.manager): Promise<AnnotationItemRow[]> {
    const result: unknown = await manager.query(sql, parameters);
    return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as AnnotationItemRow[];
  }

  private async refusal(manager: EntityManager, projectId: string, queueId: string, itemId: string): Promise<ItemOutcome> {
    const item = await this.itemIn(manager, projectId, queueId, itemId);
    if (!item) return { refused: 'not_found', item };
    return { refused: item.status === 'done' ? 'done' : 'held_by_other', item };
  }

  private async itemIn(manager: EntityManager, projectId: string, queueId: string, itemId: string): Promise<AnnotationItem | null> {
    const [row]: AnnotationItemRow[] = await manager.query(FIND_ITEM, [projectId, queueId, itemId]);
    return row ? annotationItemMapper.fromRow(row) : null;
  }
}
