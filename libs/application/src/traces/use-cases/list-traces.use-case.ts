import { Injectable } from '@nestjs/common';
import type { Actor, TraceFilter } from '@crucible/domain';
import { type TraceCursor, type TracePage, TraceRepository } from '../ports';
import { assertScoreFilter } from '../score-filter';

/** `GET /traces`: newest first, filtered, one keyset page at a time (ARCHITECTURE §10). */
@Injectable()
export class ListTracesUseCase {
  constructor(private readonly traces: TraceRepository) {}

  execute(actor: Actor, filter: TraceFilter, page: { limit: number; after: TraceCursor | null }): Promise<TracePage> {
    assertScoreFilter(filter);
    return this.traces.list(actor.projectId, filter, page);
  }
}
